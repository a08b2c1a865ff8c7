import type { TSearchResponse, TSearchState } from '@paperbench/contract';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { useSearchResultsQuery } from './api';
import { readIncludeSummary, readSearchUrl, type TSearchUrlState } from './search-url';

export type TDidYouMean = NonNullable<TSearchResponse['did_you_mean']>;

/** spec §3 Search state, plus what the results screen shows about the request itself. */
export type TSearchScreenState = TSearchState & {
  /** Papers matching the query in all pages (the results hold the first page). */
  total: number;
  /** When nothing matched: a corrected query that finds something, and how much. */
  didYouMean: TDidYouMean | null;
  isLoading: boolean;
  /** A sentence for the user when the search request failed. */
  error: string | null;
};

/** The request the current /search URL stands for (query, sort, filters). */
export function useSearchRequest(): TSearchUrlState {
  const [searchParams] = useSearchParams();
  return useMemo(() => readSearchUrl(searchParams), [searchParams]);
}

/**
 * spec §3 Search state, derived rather than stored: the request from the URL, includeSummary from
 * the location state, everything else from the cached answer to exactly that request. So the
 * results (and their count) are always this URL's, and returning to it shows them without a new
 * request.
 */
export function useSearchState(): TSearchScreenState {
  const request = useSearchRequest();
  const includeSummary = readIncludeSummary(useLocation().state);
  const search = useSearchResultsQuery(request, includeSummary);
  return {
    query: request.query,
    sortBy: request.sort,
    includeSummary,
    results: search.data?.results ?? [],
    total: search.data?.total ?? 0,
    didYouMean: search.data?.did_you_mean ?? null,
    summary: search.data?.summary ?? null,
    // Summaries will come from POST /api/search-summary/ (spec §7) once the results are in; the
    // search answer itself carries none, so there is nothing to load and nothing that failed yet.
    isSummaryLoading: false,
    summaryError: null,
    hasSearched: !search.isPending,
    isLoading: search.isLoading,
    error: search.error ? parseApiError(search.error).message : null,
  };
}
