import type { TPaperRef, TShareImportRequest } from '@paperbench/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';
import { announcePaperAttached } from '../library/paper-attached';

/** The sharing domain (spec §7 Sharing): a list of papers shared by link, and its import. */
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

/** POST /api/share: spec §4 Share list, the user's files are sent and a share_id returns. */
export function useCreateShareMutation() {
  return useMutation({
    mutationFn: async (files: TPaperRef[]) =>
      expectStatus(await apiClient.share.create({ body: { files } }), 201).body.share_id,
  });
}

/**
 * POST /api/share/{id}/import: one request (one server transaction); 'replace' clears the user's files
 * first, 'merge' keeps them. The link grants the sharer's uploads, which attach_paper would refuse.
 * Then spec §4: 'paper-attached' refreshes every view of the library.
 */
export function useImportSharedListMutation() {
  return useMutation({
    mutationFn: async ({ shareId, mode }: { shareId: string; mode: TShareImportRequest['mode'] }) =>
      expectStatus(await apiClient.share.import({ params: { id: pathSegment(shareId) }, body: { mode } }), 200).body,
    onSuccess: announcePaperAttached,
  });
}
