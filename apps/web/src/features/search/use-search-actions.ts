import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { searchKeys } from '../../api/query-keys';
import { searchPapers } from './search-papers';
import { setSearchError, setSearchResults, startNewSearch } from './search-store';
import { useSearchStore } from './search-store-context';
import { searchUrl, type TSearchUrlState } from './search-url';

/** Identifies the request behind the results in the search state. */
export const searchRequestKey = (request: TSearchUrlState) => JSON.stringify(request);

/**
 * spec §4 Search: start a fresh search for a (trimmed, non-empty) query and show its results page.
 * From home the page opens unfiltered (/search?q=…); the results page passes its sort and filters on.
 */
export function useStartSearch(): (query: string, keep?: Omit<TSearchUrlState, 'query'>) => void {
  const store = useSearchStore();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (query: string, keep?: Omit<TSearchUrlState, 'query'>) => {
      startNewSearch(store, query);
      const path = searchUrl({ ...keep, query });
      // Searching the same query again re-runs it without stacking identical history entries.
      navigate(path, { replace: location.pathname + location.search === path });
    },
    [store, navigate, location.pathname, location.search],
  );
}

/** Runs a search into the search state; results are cached per request for a few minutes. */
export function useRunSearch(): (request: TSearchUrlState) => void {
  const store = useSearchStore();
  const queryClient = useQueryClient();
  return useCallback(
    (request: TSearchUrlState) => {
      const requestKey = searchRequestKey(request);
      const { includeSummary } = store.getState();
      store.update({ query: request.query, sortBy: request.sort, requestKey, isLoading: true, error: null });
      queryClient
        .fetchQuery({
          queryKey: searchKeys.results(request),
          queryFn: () => searchPapers(request, includeSummary),
          staleTime: 5 * 60_000,
        })
        .then(
          (response) =>
            setSearchResults(store, requestKey, {
              results: response.results,
              total: response.total,
              didYouMean: response.did_you_mean,
            }),
          (error: unknown) => setSearchError(store, requestKey, parseApiError(error).message),
        );
    },
    [store, queryClient],
  );
}
