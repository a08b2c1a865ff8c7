import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';

export const aiStatusKeys = {
  scorecard: () => ['ai', 'scorecard'] as const,
};

/** GET /api/ai/scorecard: the latest `pnpm eval` run of the server's model (or extractive mode); it changes only when the operator runs it. */
export function useAiScorecardQuery() {
  return useQuery({
    queryKey: aiStatusKeys.scorecard(),
    queryFn: async () => expectStatus(await apiClient.ai.scorecard(), 200).body,
    staleTime: 5 * 60_000,
  });
}
