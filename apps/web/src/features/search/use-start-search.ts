import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchLocationState, searchUrl, type TSearchUrlState } from './search-url';

/**
 * requirements §4 Search: start a fresh search for a (trimmed, non-empty) query and show its results page,
 * with includeSummary set (requirements §4 Search from home). The prior search's results are not carried
 * over: the page shows what is cached for the new request, or loads it. From home the page opens
 * unfiltered (/search?q=…); the results page passes its sort and filters on.
 */
export function useStartSearch(): (query: string, keep?: Omit<TSearchUrlState, 'query'>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (query: string, keep?: Omit<TSearchUrlState, 'query'>) => {
      const path = searchUrl({ ...keep, query });
      // Searching the same query again does not stack identical history entries.
      navigate(path, { replace: location.pathname + location.search === path, state: searchLocationState(true) });
    },
    [navigate, location.pathname, location.search],
  );
}
