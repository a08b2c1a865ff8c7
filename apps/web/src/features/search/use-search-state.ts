import type { TSearchResponse, TSearchState } from '@paperbench/contract';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { useSearchResultsQuery, useSearchSummaryQuery } from './api';
import { readIncludeSummary, readSearchUrl, type TSearchUrlState } from './search-url';

export type TDidYouMean = NonNullable<TSearchResponse['did_you_mean']>;

/** requirements §3 Search state, plus what the results screen shows about the request itself. */
export type TSearchScreenState = TSearchState & {
  /** Papers matching the query in all pages (the results hold the first page). */
  total: number;
  /** docs/search.md#totals: `total` is the database's estimate (a very common word on a large corpus). */
  totalEstimated: boolean;
  /** When nothing matched: a corrected query that finds something, and how much. */
  didYouMean: TDidYouMean | null;
  /** docs/search.md#syntax: the author the results are narrowed to (`author:` or a name typed alone). */
  author: string | null;
  /** docs/search.md#ranking: how the list was ordered (shown when only a capped set was ranked). */
  ranking: TSearchResponse['ranking'] | null;
  /** docs/search.md#jumps: the query named one paper; the screen opens it. */
  jump: TSearchResponse['jump'];
  /** "Load more": the next page of 30, while there are more matches. */
  more: { hasMore: boolean; isLoading: boolean; load: () => void; error: string | null };
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
 * requirements §3 Search state, derived rather than stored: the request from the URL, includeSummary from
 * the location state, everything else from the cached answer to exactly that request. So the
 * results (and their count) are always this URL's, and returning to it shows them without a new
 * request.
 */
export function useSearchState(): TSearchScreenState {
  const request = useSearchRequest();
  const includeSummary = readIncludeSummary(useLocation().state);
  const search = useSearchResultsQuery(request, includeSummary);
  const first = search.data?.pages[0];
  const results = useMemo(() => search.data?.pages.flatMap((page) => page.results) ?? [], [search.data]);
  // A failed "Load more" keeps the results shown (and says so under them); any other failure replaces them.
  const isFailed = search.isError && !search.isFetchNextPageError;
  const summary = useSearchSummaryQuery(request, results, includeSummary);
  return {
    query: request.query,
    sortBy: request.sort,
    includeSummary,
    results,
    total: first?.total ?? 0,
    totalEstimated: first?.total_estimated ?? false,
    didYouMean: first?.did_you_mean ?? null,
    author: first?.author ?? null,
    ranking: first?.ranking ?? null,
    jump: first?.jump ?? null,
    more: {
      hasMore: search.hasNextPage,
      isLoading: search.isFetchingNextPage,
      load: () => void search.fetchNextPage(),
      error: search.isFetchNextPageError ? parseApiError(search.error).message : null,
    },
    // The search answer carries none (docs/ai.md#summaries): POST /api/search-summary/ writes it once
    // the results are in, so the results never wait for a model.
    summary: first?.summary ?? summary.data?.summary ?? null,
    isSummaryLoading: summary.isLoading,
    summaryError: summary.error ? parseApiError(summary.error).message : null,
    hasSearched: !search.isPending,
    isLoading: search.isLoading,
    error: isFailed ? parseApiError(search.error).message : null,
  };
}

/** The total as the screen writes it: "about 1,108,000" when it is an estimate (docs/search.md#totals). */
export function formatTotal(total: number, estimated: boolean): string {
  return estimated ? `about ${total.toLocaleString()}` : total.toLocaleString();
}
