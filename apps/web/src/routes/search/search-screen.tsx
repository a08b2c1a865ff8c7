import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { SearchBox } from '../../features/search/search-box';
import { searchRequestKey } from '../../features/search/search-store';
import { useSearchState, useSearchStore } from '../../features/search/search-store-context';
import { SortControl } from '../../features/search/sort-control';
import { useRunSearch, useStartSearch } from '../../features/search/use-search-actions';
import { SearchResults } from './search-results';
import './search-screen.css';

/** spec §2 /search?q=: runs the search for q and shows the ranked results. */
export default function SearchScreen() {
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  const state = useSearchState();
  const store = useSearchStore();
  const runSearch = useRunSearch();
  const startSearch = useStartSearch();

  // Runs only when the results in the search state are not already those of (q, sort), so coming
  // back to this page shows the kept results without asking again (spec §3 Search state).
  useEffect(() => {
    if (query && state.requestKey !== searchRequestKey(query, state.sortBy)) runSearch(query, state.sortBy);
  }, [query, state.requestKey, state.sortBy, runSearch]);

  return (
    <div className="screen search-screen">
      <h1 className="visually-hidden">Search results</h1>
      <SearchBox
        key={query}
        initialQuery={query}
        placeholder="Search papers..."
        isLoading={state.isLoading}
        onSearch={startSearch}
      />
      {query ? (
        <>
          <div className="search-toolbar">
            <p className="search-summary" aria-live="polite">
              {state.hasSearched && !state.error && describeCount(state.total, query)}
            </p>
            <SortControl value={state.sortBy} onChange={(sortBy) => store.update({ sortBy })} />
          </div>
          <SearchResults state={state} query={query} />
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
