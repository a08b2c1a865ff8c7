import type { TPaperRef, TShareImportRequest, TShareImportResponse } from '@paperbench/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';
import { invalidateLibrary } from '../library/api';
import { announcePaperAttached } from '../library/paper-attached';

/** The sharing domain (requirements §7 Sharing): a list of papers shared by link, and its import. */
export const shareKeys = {
  all: ['share'] as const,
  list: (shareId: string) => [...shareKeys.all, shareId] as const,
};

/** GET /api/share/{id}: the papers a share link names. */
export const sharedListQuery = (shareId: string) =>
  queryOptions({
    queryKey: shareKeys.list(shareId),
    queryFn: async () => expectStatus(await apiClient.share.get({ params: { id: pathSegment(shareId) } }), 200).body,
  });

/** POST /api/share: requirements §4 Share list, the user's files are sent and a share_id returns. */
export function useCreateShareMutation() {
  return useMutation({
    mutationFn: async (files: TPaperRef[]) =>
      expectStatus(await apiClient.share.create({ body: { files } }), 201).body.share_id,
  });
}

/**
 * POST /api/share/{id}/import: one request (one server transaction); 'replace' clears the user's files
 * first, 'merge' keeps them. The link grants the sharer's uploads, which attach_paper would refuse.
 * Then requirements §4: 'paper-attached' refreshes every view of the library.
 */
export function useImportSharedListMutation() {
  return useMutation({
    mutationFn: async ({ shareId, mode }: { shareId: string; mode: TShareImportRequest['mode'] }) =>
      expectStatus(await apiClient.share.import({ params: { id: pathSegment(shareId) }, body: { mode } }), 200).body,
    onSuccess: announcePaperAttached,
  });
}

/** DELETE /api/share/{id}: the link answers 404 from then on (docs/security.md#taking-things-back). */
export function useRevokeShareMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shareId: string) =>
      expectStatus(await apiClient.share.revoke({ params: { id: pathSegment(shareId) } }), 204),
    onSuccess: (_done, shareId) => queryClient.removeQueries({ queryKey: shareKeys.list(shareId) }),
  });
}

/**
 * Undo an import: the papers it attached leave the folder they joined, through the File List's own
 * remove (DELETE /api/folders/{id}/files/{paperId}); the import attached only papers the user did not
 * hold, so nothing the user had before goes. After a Replace this cannot bring the cleared files back:
 * the server keeps no copy of them, so Undo removes what was attached and no more. Resolves with the
 * number removed; the folders are read afresh whatever happened.
 */
export function useUndoImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ attached_papers, folder_id }: Pick<TShareImportResponse, 'attached_papers' | 'folder_id'>) => {
      const results = await Promise.allSettled(
        attached_papers.map(async ({ paper_id, platform }) =>
          expectStatus(
            await apiClient.folders.removeFile({
              params: { id: pathSegment(folder_id), fileId: pathSegment(paper_id) },
              query: { platform },
            }),
            // 404: the user removed it already; it is gone either way.
            204,
            404,
          ),
        ),
      );
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
      return attached_papers.length;
    },
    onSettled: () => invalidateLibrary(queryClient),
  });
}
