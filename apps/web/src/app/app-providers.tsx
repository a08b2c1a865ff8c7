import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { tsr } from '../api/client';
import { FileListPanelProvider } from '../features/file-list/file-list-panel-state';
import { FoldersPickerProvider } from '../features/folders-picker/folders-picker-context';
import { SearchStoreProvider } from '../features/search/search-store-context';

/** Everything screens share: the query cache, the search state (spec §3) and the panel state. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <tsr.ReactQueryProvider>
        <SearchStoreProvider>
          <FileListPanelProvider>
            <FoldersPickerProvider>{children}</FoldersPickerProvider>
          </FileListPanelProvider>
        </SearchStoreProvider>
      </tsr.ReactQueryProvider>
    </QueryClientProvider>
  );
}
