import { SEARCH_SUMMARY_PAPERS, type TSearchHit, type TSearchSuggestion } from '@paperbench/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';
import type { TSearchUrlState } from './search-url';

/**
 * The search domain (requirements §7 Papers and search): query keys and queries. Every result set is cached
 * under its whole request, so returning to a /search URL shows its results without asking again.
 */
export const searchKeys = {
  all: ['search'] as const,
  results: (request: TSearchUrlState, includeSummary: boolean) =>
    [...searchKeys.all, 'results', { ...request, includeSummary }] as const,
  categories: () => [...searchKeys.all, 'categories'] as const,
  /** A summary of the results of one request: the results themselves are that request's. */
  summary: (request: TSearchUrlState) => [...searchKeys.all, 'summary', request] as const,
  suggestions: (typed: string) => [...searchKeys.all, 'suggestions', typed] as const,
};

/** requirements §9: search default limit. */
export const SEARCH_LIMIT = 30;

/**
 * The deepest offset the API pages to (its request schema): past it "Load more" is not offered, and the
 * list says how many matched in all.
 */
export const SEARCH_MAX_OFFSET = 10_000;

/** POST /api/search/ (requirements §7), one page of 30 per "Load more"; a failure is thrown, for parseApiError to read. */
export const searchQuery = (request: TSearchUrlState, includeSummary: boolean) =>
  infiniteQueryOptions({
    queryKey: searchKeys.results(request, includeSummary),
    queryFn: async ({ pageParam, signal }) => {
      const { query, sort, categories, from, to } = request;
      const body = {
        query,
        sort,
        limit: SEARCH_LIMIT,
        offset: pageParam,
        include_summary: includeSummary,
        summary_type: 'full' as const,
        ...(categories.length > 0 && { categories }),
        ...(from && { from }),
        ...(to && { to }),
      };
      return expectStatus(await apiClient.search.search({ body, fetchOptions: { signal } }), 200).body;
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
      return last.results.length > 0 && loaded < last.total && loaded <= SEARCH_MAX_OFFSET ? loaded : undefined;
    },
    // Back, forward and a repeated search within a few minutes show the kept results.
    staleTime: 5 * 60_000,
  });

/** The results of a /search URL, page by page; nothing is asked while its query is empty. */
export function useSearchResultsQuery(request: TSearchUrlState, includeSummary: boolean) {
  return useInfiniteQuery({ ...searchQuery(request, includeSummary), enabled: request.query !== '' });
}

/**
 * POST /api/search-summary/ (docs/ai.md#summaries) over the top results of a request: `[n]` in the
 * summary cites the n-th result. Not retried: a model failure or the AI budget's 429 is shown with
 * Retry at once, rather than spending more of the budget.
 */
export const searchSummaryQuery = (request: TSearchUrlState, results: readonly TSearchHit[]) =>
  queryOptions({
    queryKey: searchKeys.summary(request),
    queryFn: async ({ signal }) => {
      const body = {
        query: request.query,
        papers: results.slice(0, SEARCH_SUMMARY_PAPERS),
        summary_type: 'full' as const,
      };
      return expectStatus(await apiClient.summaries.summary({ body, fetchOptions: { signal } }), 200).body;
    },
    retry: false,
    staleTime: 5 * 60_000,
  });

/** The summary of a /search URL's results, asked for once they are in and only when includeSummary (requirements §3). */
export function useSearchSummaryQuery(
  request: TSearchUrlState,
  results: readonly TSearchHit[],
  includeSummary: boolean,
) {
  return useQuery({ ...searchSummaryQuery(request, results), enabled: includeSummary && results.length > 0 });
}

/** GET /api/search/categories: the archives and categories of the corpus, for the category filter. */
export const searchCategoriesQuery = () =>
  queryOptions({
    queryKey: searchKeys.categories(),
    queryFn: async () => expectStatus(await apiClient.search.categories(), 200).body.archives,
    staleTime: 30 * 60_000,
  });

export function useSearchCategoriesQuery() {
  return useQuery(searchCategoriesQuery());
}

/**
 * GET /api/conversational/search_suggestions. `signal` lets TanStack Query abort the request once
 * the text has changed, so a slow stale answer is never shown. Failures give no suggestions:
 * completions are a convenience, never an error (nor a logged one).
 */
export const searchSuggestionsQuery = (typed: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(typed),
    queryFn: async ({ signal }): Promise<TSearchSuggestion[]> => {
      try {
        const response = await apiClient.search.searchSuggestions({ query: { q: typed }, fetchOptions: { signal } });
        return response.status === 200 ? response.body.suggestions : [];
      } catch {
        return [];
      }
    },
  });

/** Completions for `typed` while `isEnabled`; none while disabled, loading or failed. */
export function useSearchSuggestionsQuery(typed: string, isEnabled: boolean): TSearchSuggestion[] {
  const { data } = useQuery({ ...searchSuggestionsQuery(typed), enabled: isEnabled });
  return isEnabled && data ? data : [];
}
