import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SearchBox } from '../../features/search/search-box';
import { SearchFilters } from '../../features/search/search-filters';
import { useSearchState } from '../../features/search/search-store-context';
import { readSearchUrl, searchUrl, type TSearchUrlState } from '../../features/search/search-url';
import { SortControl } from '../../features/search/sort-control';
import { searchRequestKey, useRunSearch, useStartSearch } from '../../features/search/use-search-actions';
import { SearchResults } from './search-results';
import './search-screen.css';

/**
 * spec §2 /search?q=: runs the search for q and shows the ranked results. Sort and filters live in
 * the URL too (sort, category, from, to), so a link, back and forward all restore the same results.
 */
export default function SearchScreen() {
  const [searchParams] = useSearchParams();
  const request = useMemo(() => readSearchUrl(searchParams), [searchParams]);
  const { query, ...refinements } = request;
  const state = useSearchState();
  const runSearch = useRunSearch();
  const startSearch = useStartSearch();
  const navigate = useNavigate();
  // The count is shown only for the results of this very URL, never a previous request's.
  const isCurrent = state.requestKey === searchRequestKey(request);
  const refine = (change: Partial<TSearchUrlState>) => navigate(searchUrl({ ...request, ...change }));

  // Runs only when the results in the search state are not already those of this URL, so coming
  // back to this page shows the kept results without asking again (spec §3 Search state).
  useEffect(() => {
    if (request.query && state.requestKey !== searchRequestKey(request)) runSearch(request);
  }, [request, state.requestKey, runSearch]);

  return (
    <div className="screen search-screen">
      <h1 className="visually-hidden">Search results</h1>
      <SearchBox
        key={query}
        initialQuery={query}
        placeholder="Search papers..."
        isLoading={state.isLoading}
        onSearch={(next) => startSearch(next, refinements)}
      />
      {query ? (
        <>
          <SearchFilters value={refinements} onChange={refine} />
          <div className="search-toolbar">
            <p className="search-summary" aria-live="polite">
              {isCurrent && state.hasSearched && !state.isLoading && !state.error && describeCount(state.total, query)}
            </p>
            <SortControl value={request.sort} onChange={(sort) => refine({ sort })} />
          </div>
          <SearchResults state={state} request={request} />
        </>
      ) : (
        <p className="empty-state">Type a few words above to search titles, authors and abstracts.</p>
      )}
    </div>
  );
}

function describeCount(total: number, query: string): string {
  const noun = total === 1 ? 'result' : 'results';
  return `${total.toLocaleString()} ${noun} for “${query}”`;
}
