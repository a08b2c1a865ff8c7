import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';

/** The corpus's size and freshness (docs/ingest.md#freshness): its query key and query. */
export const corpusKeys = {
  all: ['corpus'] as const,
  status: () => [...corpusKeys.all, 'status'] as const,
};

export const corpusStatusQuery = () =>
  queryOptions({
    queryKey: corpusKeys.status(),
    queryFn: async () => expectStatus(await apiClient.corpus.status(), 200).body,
    // The corpus changes at most with the daily harvest: one read serves every screen for a while.
    staleTime: 5 * 60_000,
  });

/** GET /api/corpus/status. */
export function useCorpusStatusQuery() {
  return useQuery(corpusStatusQuery());
}
