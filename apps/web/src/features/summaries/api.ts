import type { TFolderSummary } from '@paperbench/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';

/** The summaries domain (docs/ai.md#summaries): a folder's cited overview, cached on the server. */
export const summaryKeys = {
  all: ['summaries'] as const,
  folder: (folderId: number) => [...summaryKeys.all, 'folder', folderId] as const,
};

/**
 * GET /api/folders/{id}/summary: read afresh each time the summary is opened, since the folder may
 * have changed (the answer then says `stale`). Not retried: a model failure or the AI budget's 429
 * is shown with Retry at once.
 */
export const folderSummaryQuery = (folderId: number) =>
  queryOptions({
    queryKey: summaryKeys.folder(folderId),
    queryFn: async () =>
      expectStatus(await apiClient.folders.summary({ params: { id: pathSegment(folderId) } }), 200).body,
    staleTime: 0,
    retry: false,
  });

export function useFolderSummaryQuery(folderId: number) {
  return useQuery(folderSummaryQuery(folderId));
}

/** POST /api/folders/{id}/summary/regenerate: the new summary replaces the cached one. */
export function useRegenerateFolderSummaryMutation(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<TFolderSummary> =>
      expectStatus(await apiClient.folders.regenerateSummary({ params: { id: pathSegment(folderId) } }), 200).body,
    onSuccess: (summary) => queryClient.setQueryData(summaryKeys.folder(folderId), summary),
  });
}
