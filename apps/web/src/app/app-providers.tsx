import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FileListPanelProvider } from '../features/file-list/file-list-panel-state';
import { FoldersPickerProvider } from '../features/folders-picker/folders-picker-context';
import { ImportNoticeProvider } from '../features/sharing/import-notice-state';

/** Everything screens share: the query cache (which also holds the search results, requirements §3), the panel state and
 * the notice of the last shared-list import. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FileListPanelProvider>
        <FoldersPickerProvider>
          <ImportNoticeProvider>{children}</ImportNoticeProvider>
        </FoldersPickerProvider>
      </FileListPanelProvider>
    </QueryClientProvider>
  );
}
