import type { TPaperComment, TPaperRef, TSharedFolderComment } from '@paperbench/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';

/**
 * The comments domain (requirements §3 Paper comment, Shared-folder comment; §7 Comments): one thread per paper
 * and per shared folder, oldest first, with one level of replies.
 */
export const commentKeys = {
  all: ['comments'] as const,
  paper: ({ paper_id, platform }: TPaperRef) => [...commentKeys.all, 'paper', platform, paper_id] as const,
  shared: (folderId: number) => [...commentKeys.all, 'shared', folderId] as const,
};

/** What a comment thread is about: a paper, or a shared folder. */
export type TCommentTarget = { kind: 'paper'; paper: TPaperRef } | { kind: 'shared'; folderId: number };
export type TComment = TPaperComment | TSharedFolderComment;

const keyOf = (target: TCommentTarget) =>
  target.kind === 'paper' ? commentKeys.paper(target.paper) : commentKeys.shared(target.folderId);

export const commentsQueryOptions = (target: TCommentTarget) =>
  queryOptions<TComment[]>({
    queryKey: keyOf(target),
    queryFn: async () =>
      target.kind === 'paper'
        ? expectStatus(
            await apiClient.comments.listPaper({
              params: { paperId: pathSegment(target.paper.paper_id) },
              query: { platform: target.paper.platform },
            }),
            200,
          ).body
        : expectStatus(await apiClient.comments.listShared({ params: { folderId: pathSegment(target.folderId) } }), 200)
            .body,
    staleTime: 0,
  });

/** GET /api/comments/paper/{paperId}?platform or GET /api/comments/shared/{folderId}: oldest first. */
export function useCommentsQuery(target: TCommentTarget, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...commentsQueryOptions(target), enabled });
}

/** POST /api/comments/paper or /api/comments/shared; `parentId` makes it a reply to a top-level comment. */
export function useCreateCommentMutation(target: TCommentTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, parentId }: { content: string; parentId?: number }): Promise<TComment> =>
      target.kind === 'paper'
        ? expectStatus(
            await apiClient.comments.createPaper({
              body: {
                paperId: target.paper.paper_id,
                platform: target.paper.platform,
                content,
                parent_id: parentId,
              },
            }),
            201,
          ).body
        : expectStatus(
            await apiClient.comments.createShared({
              body: { folderId: target.folderId, content, parent_id: parentId },
            }),
            201,
          ).body,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyOf(target) }),
  });
}

/** DELETE /api/comments/paper/{id} or /api/comments/shared/{id}: its replies go with it. */
export function useDeleteCommentMutation(target: TCommentTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (commentId: number) =>
      target.kind === 'paper'
        ? expectStatus(await apiClient.comments.deletePaper({ params: { id: pathSegment(commentId) } }), 200).body
        : expectStatus(await apiClient.comments.deleteShared({ params: { id: pathSegment(commentId) } }), 200).body,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyOf(target) }),
  });
}
