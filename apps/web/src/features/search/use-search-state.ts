import type { TSearchResponse, TSearchState } from '@paperbench/contract';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { useSearchResultsQuery, useSearchSummaryQuery } from './api';
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
  const results = search.data?.results ?? [];
  const summary = useSearchSummaryQuery(request, results, includeSummary);
  return {
    query: request.query,
    sortBy: request.sort,
    includeSummary,
    results,
    total: search.data?.total ?? 0,
    didYouMean: search.data?.did_you_mean ?? null,
    // The search answer carries none (docs/ai.md#summaries): POST /api/search-summary/ writes it once
    // the results are in, so the results never wait for a model.
    summary: search.data?.summary ?? summary.data?.summary ?? null,
    isSummaryLoading: summary.isLoading,
    summaryError: summary.error ? parseApiError(summary.error).message : null,
    hasSearched: !search.isPending,
    isLoading: search.isLoading,
    error: search.error ? parseApiError(search.error).message : null,
  };
}
