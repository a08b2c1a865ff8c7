import type { TPaperRef } from '@paperbench/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';

/** docs/reading.md#resume-reading: where the user left a paper, kept on the server for any device. */
export const readingKeys = {
  position: ({ paper_id, platform }: TPaperRef) => ['reading-position', platform, paper_id] as const,
};

/** GET /api/reading-position: null when the user has not read this paper yet. Asked afresh on each open. */
export function useReadingPositionQuery(paper: TPaperRef | undefined, enabled: boolean) {
  return useQuery({
    queryKey: readingKeys.position(paper ?? { paper_id: '', platform: '' }),
    queryFn: async () => expectStatus(await apiClient.reading.getPosition({ query: paper as TPaperRef }), 200).body,
    enabled: enabled && Boolean(paper?.paper_id),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * PUT /api/reading-position. keepalive on page hide, so the request outlives the page; it goes through the
 * same client as every call (X-User-ID in a header, never in a URL).
 */
export async function saveReadingPosition(
  paper: TPaperRef,
  place: { page: number; offset: number },
  { keepalive = false } = {},
): Promise<void> {
  const response = await apiClient.reading.savePosition({
    body: { paper_id: paper.paper_id, platform: paper.platform, ...place },
    fetchOptions: { keepalive },
  });
  expectStatus(response, 200);
}
