import type { TPaperRef } from '@paperbench/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';

/** The references domain (docs/references.md): a paper's reference list, its in-text markers, who cites it. */
export const referenceKeys = {
  all: ['references'] as const,
  list: ({ paper_id, platform }: TPaperRef) => [...referenceKeys.all, 'list', platform, paper_id] as const,
  markers: ({ paper_id, platform }: TPaperRef) => [...referenceKeys.all, 'markers', platform, paper_id] as const,
  citations: ({ paper_id, platform }: TPaperRef) => [...referenceKeys.all, 'citations', platform, paper_id] as const,
};

const request = (paper: TPaperRef) => ({
  params: { id: pathSegment(paper.paper_id) },
  query: { platform: paper.platform },
});

/** GET /api/papers/{id}/references: the parsed list, each entry with its corpus paper when resolved. */
export function useReferencesQuery(paper: TPaperRef | undefined) {
  return useQuery({
    queryKey: referenceKeys.list(paper ?? { paper_id: '', platform: '' }),
    queryFn: async () => expectStatus(await apiClient.references.list(request(paper as TPaperRef)), 200).body,
    enabled: Boolean(paper?.paper_id),
  });
}

/** GET /api/papers/{id}/citation-markers: markers with page offsets, and the text's status. */
export function useCitationMarkersQuery(paper: TPaperRef | undefined) {
  return useQuery({
    queryKey: referenceKeys.markers(paper ?? { paper_id: '', platform: '' }),
    queryFn: async () => expectStatus(await apiClient.references.markers(request(paper as TPaperRef)), 200).body,
    enabled: Boolean(paper?.paper_id),
  });
}

/** GET /api/papers/{id}/citations: the readable papers that cite this one. */
export function useCitationsQuery(paper: TPaperRef) {
  return useQuery({
    queryKey: referenceKeys.citations(paper),
    queryFn: async () => expectStatus(await apiClient.references.citations(request(paper)), 200).body,
  });
}
