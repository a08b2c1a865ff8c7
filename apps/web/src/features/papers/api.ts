import type { TPaperRef } from '@paperbench/contract';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';

/** The papers domain (requirements §7 Papers, and one paper via chat/get_paper): query keys, queries, mutations. */
export const paperKeys = {
  all: ['papers'] as const,
  recent: (pageSize: number) => [...paperKeys.all, 'recent', { pageSize }] as const,
  count: () => [...paperKeys.all, 'count'] as const,
  detail: ({ paper_id, platform }: TPaperRef) => [...paperKeys.all, 'detail', platform, paper_id] as const,
};

/** The corpus changes slowly: a paper list or count read once stays good for minutes. */
const PAPERS_STALE_MS = 5 * 60_000;

/** GET /api/papers: the recent papers, newest first, in pages of `pageSize` (offset paging). */
export function useRecentPapersQuery(pageSize: number) {
  return useInfiniteQuery({
    queryKey: paperKeys.recent(pageSize),
    queryFn: async ({ pageParam }) =>
      expectStatus(await apiClient.papers.list({ query: { limit: pageSize, offset: pageParam } }), 200).body,
    initialPageParam: 0,
    // requirements §4: a page shorter than a full one is the last.
    getNextPageParam: (lastPage, pages) => (lastPage.length < pageSize ? undefined : pages.length * pageSize),
    staleTime: PAPERS_STALE_MS,
  });
}

/** GET /api/papers/count: how many papers the corpus holds. */
export function usePaperCountQuery() {
  return useQuery({
    queryKey: paperKeys.count(),
    queryFn: async () => expectStatus(await apiClient.papers.count(), 200).body,
    staleTime: PAPERS_STALE_MS,
  });
}

/** POST /api/chat/get_paper: one paper's full record (requirements §7 Chat); `paper_id` '' asks nothing. */
export function usePaperQuery(paper: TPaperRef) {
  return useQuery({
    queryKey: paperKeys.detail(paper),
    queryFn: async () => expectStatus(await apiClient.files.getPaper({ body: paper }), 200).body,
    enabled: paper.paper_id !== '',
    staleTime: PAPERS_STALE_MS,
  });
}

/**
 * requirements §7: POST /api/papers/click/{id}?platform when PDF or Details is clicked. Fire and forget: requirements §8,
 * a failure is only logged (by the query client), and the navigation proceeds.
 */
export function useRecordPaperClickMutation() {
  return useMutation({
    mutationFn: async ({ paper_id, platform }: TPaperRef) =>
      expectStatus(await apiClient.papers.click({ params: { id: pathSegment(paper_id) }, query: { platform } }), 200)
        .body,
  });
}
