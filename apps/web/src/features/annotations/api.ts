import {
  paperRefKey,
  type TAnnotation,
  type TAnnotationCount,
  type TAnnotationReply,
  type TCreateAnnotationRequest,
  type TPaperRef,
  type TUpdateAnnotationRequest,
} from '@paperbench/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';

/**
 * The annotations domain (docs/annotations.md): a paper's marks, their counts per paper and per folder,
 * and the threads of shared marks. Every write refreshes the paper's list and the counts.
 */
export const annotationKeys = {
  all: ['annotations'] as const,
  paper: ({ paper_id, platform }: TPaperRef) => [...annotationKeys.all, 'paper', platform, paper_id] as const,
  counts: (keys: readonly string[]) => [...annotationKeys.all, 'counts', ...keys] as const,
  replies: (annotationId: number) => [...annotationKeys.all, 'replies', annotationId] as const,
  folderUnread: (folderId: number) => [...annotationKeys.all, 'unread', folderId] as const,
};

export const annotationsQueryOptions = (paper: TPaperRef) =>
  queryOptions<TAnnotation[]>({
    queryKey: annotationKeys.paper(paper),
    queryFn: async () =>
      expectStatus(
        await apiClient.annotations.list({ query: { paper_id: paper.paper_id, platform: paper.platform } }),
        200,
      ).body,
  });

/** GET /api/annotations: the caller's marks on the paper and those shared with them, by page then place. */
export function useAnnotationsQuery(paper: TPaperRef | undefined) {
  return useQuery({
    ...annotationsQueryOptions(paper ?? { paper_id: '', platform: 'arxiv' }),
    enabled: paper !== undefined,
  });
}

/**
 * GET /api/annotations/counts: how many marks the caller sees on each paper (the paper page, the File List).
 * The refs are sorted into the key, so the same set asked in another order shares one request.
 */
export function useAnnotationCountsQuery(papers: readonly TPaperRef[]) {
  const keys = [...new Set(papers.map(paperRefKey))].sort();
  return useQuery({
    queryKey: annotationKeys.counts(keys),
    queryFn: async (): Promise<Map<string, TAnnotationCount>> => {
      const counts = new Map<string, TAnnotationCount>();
      // The route takes at most 200 papers a request.
      for (let start = 0; start < keys.length; start += 200) {
        const body = expectStatus(
          await apiClient.annotations.counts({ query: { papers: keys.slice(start, start + 200).join(',') } }),
          200,
        ).body;
        for (const count of body) counts.set(paperRefKey(count), count);
      }
      return counts;
    },
    enabled: keys.length > 0,
  });
}

/** GET /api/annotations/unread?folder_id=: unread in the threads of the marks shared with a folder. */
export function useFolderUnreadQuery(folderId: number | null) {
  return useQuery({
    queryKey: annotationKeys.folderUnread(folderId ?? 0),
    queryFn: async () =>
      expectStatus(await apiClient.annotations.unread({ query: { folder_id: folderId ?? 0 } }), 200).body.unread_count,
    enabled: folderId !== null,
  });
}

/** A write on a paper's marks: refresh its list, every count and the folders' unread counts. */
function useRefreshAnnotations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: annotationKeys.all });
}

/** POST /api/annotations: 201 with the stored mark. */
export function useCreateAnnotationMutation() {
  const refresh = useRefreshAnnotations();
  return useMutation({
    mutationFn: async (body: TCreateAnnotationRequest) =>
      expectStatus(await apiClient.annotations.create({ body }), 201).body,
    onSuccess: refresh,
  });
}

/** PATCH /api/annotations/{id}: colour, note, or the folder it is shared with. */
export function useUpdateAnnotationMutation() {
  const refresh = useRefreshAnnotations();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: TUpdateAnnotationRequest }) =>
      expectStatus(await apiClient.annotations.update({ params: { id: pathSegment(id) }, body: patch }), 200).body,
    onSuccess: refresh,
  });
}

/** DELETE /api/annotations/{id}: 204. */
export function useDeleteAnnotationMutation() {
  const refresh = useRefreshAnnotations();
  return useMutation({
    mutationFn: async (id: number) => {
      expectStatus(await apiClient.annotations.remove({ params: { id: pathSegment(id) } }), 204);
    },
    onSuccess: refresh,
  });
}

/** GET /api/annotations/{id}/replies: a shared mark's thread, oldest first. */
export function useAnnotationRepliesQuery(annotationId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: annotationKeys.replies(annotationId),
    queryFn: async (): Promise<TAnnotationReply[]> =>
      expectStatus(await apiClient.annotations.listReplies({ params: { id: pathSegment(annotationId) } }), 200).body,
    enabled,
  });
}

/** POST /api/annotations/{id}/replies. */
export function useCreateAnnotationReplyMutation(annotationId: number) {
  const refresh = useRefreshAnnotations();
  return useMutation({
    mutationFn: async (content: string) =>
      expectStatus(
        await apiClient.annotations.createReply({ params: { id: pathSegment(annotationId) }, body: { content } }),
        201,
      ).body,
    onSuccess: refresh,
  });
}

/** DELETE /api/annotations/replies/{id}. */
export function useDeleteAnnotationReplyMutation() {
  const refresh = useRefreshAnnotations();
  return useMutation({
    mutationFn: async (replyId: number) => {
      expectStatus(await apiClient.annotations.deleteReply({ params: { id: pathSegment(replyId) } }), 204);
    },
    onSuccess: refresh,
  });
}

/** PATCH /api/annotations/{id}/thread: resolve (true) or reopen (false). */
export function useResolveThreadMutation(annotationId: number) {
  const refresh = useRefreshAnnotations();
  return useMutation({
    mutationFn: async (resolved: boolean) =>
      expectStatus(
        await apiClient.annotations.updateThread({ params: { id: pathSegment(annotationId) }, body: { resolved } }),
        200,
      ).body,
    onSuccess: refresh,
  });
}

/** POST /api/annotations/{id}/read: the thread is read up to now (its unread count drops to 0). */
export function useReadThreadMutation(annotationId: number) {
  const refresh = useRefreshAnnotations();
  return useMutation({
    mutationFn: async () => {
      expectStatus(await apiClient.annotations.readThread({ params: { id: pathSegment(annotationId) } }), 204);
    },
    onSuccess: refresh,
  });
}
