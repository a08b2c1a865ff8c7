import type {
  TAnalyzePaperRequest,
  TConversationalSearchRequest,
  TConversationalSearchResponse,
} from '@paperbench/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';

/**
 * The conversational search domain (docs/ai.md#conversational-search): one search per turn, kept by
 * the screen's conversation rather than the query cache (every turn depends on the ones before it);
 * a paper's analysis is cached under its whole request, so closing and reopening it asks once.
 */
export const conversationalKeys = {
  all: ['conversational'] as const,
  analysis: (request: TAnalyzePaperRequest) => [...conversationalKeys.all, 'analysis', request] as const,
};

/** How many papers a turn shows. */
export const CONVERSATIONAL_LIMIT = 10;

/**
 * POST /api/improved-conversational/search: the turns so far (the last one the new request) and the
 * previous answer's query as the user left it. A failure is thrown, for parseApiError to read. Use
 * mutateAsync: several turns may be asked at once (a follow-up while a chip edit re-runs).
 */
export function useConversationalSearchMutation() {
  return useMutation({
    mutationFn: async (body: TConversationalSearchRequest): Promise<TConversationalSearchResponse> =>
      expectStatus(await apiClient.conversational.conversationalSearch({ body }), 200).body,
  });
}

/**
 * POST /api/improved-conversational/analyze-paper: why one paper answers the conversation. Not
 * retried: a model failure or the AI budget's 429 is shown with Retry at once.
 */
export const analyzePaperQuery = (request: TAnalyzePaperRequest) =>
  queryOptions({
    queryKey: conversationalKeys.analysis(request),
    queryFn: async ({ signal }) =>
      expectStatus(await apiClient.conversational.analyzePaper({ body: request, fetchOptions: { signal } }), 200).body,
    retry: false,
    staleTime: 30 * 60_000,
  });

/** The analysis of a paper, asked for only once it is opened. */
export function useAnalyzePaperQuery(request: TAnalyzePaperRequest, isOpen: boolean) {
  return useQuery({ ...analyzePaperQuery(request), enabled: isOpen });
}
