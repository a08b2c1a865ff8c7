import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { searchKeys } from '../../api/query-keys';
import { searchPath } from '../../lib/app-paths';
import { searchPapers } from './search-papers';
import { searchRequestKey, setSearchError, setSearchResults, startNewSearch, type TSearchSort } from './search-store';
import { useSearchStore } from './search-store-context';

/** spec §4 Search: start a fresh search for a (trimmed, non-empty) query and show its results page. */
export function useStartSearch(): (query: string) => void {
  const store = useSearchStore();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (query: string) => {
      startNewSearch(store, query);
      const path = searchPath(query);
      // Searching the same query again re-runs it without stacking identical history entries.
      navigate(path, { replace: location.pathname + location.search === path });
    },
    [store, navigate, location.pathname, location.search],
  );
}

/** Runs a search into the search state; results are cached per (query, sort) for a few minutes. */
export function useRunSearch(): (query: string, sort: TSearchSort) => void {
  const store = useSearchStore();
  const queryClient = useQueryClient();
  return useCallback(
    (query: string, sort: TSearchSort) => {
      const requestKey = searchRequestKey(query, sort);
      const { includeSummary } = store.getState();
      store.update({ query, sortBy: sort, requestKey, isLoading: true, error: null });
      queryClient
        .fetchQuery({
          queryKey: searchKeys.results({ query, sort }),
          queryFn: () => searchPapers(query, sort, includeSummary),
          staleTime: 5 * 60_000,
        })
        .then(
          (response) => setSearchResults(store, requestKey, response.results, response.total),
          (error: unknown) => setSearchError(store, requestKey, parseApiError(error).message),
        );
    },
    [store, queryClient],
  );
}
