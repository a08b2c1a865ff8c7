import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { CorpusStatus } from '../../features/corpus/corpus-status';
import { SearchBox } from '../../features/search/search-box';
import { SearchFilters } from '../../features/search/search-filters';
import { SearchSummaryPanel } from '../../features/search/search-summary-panel';
import { searchLocationState, searchUrl, type TSearchUrlState } from '../../features/search/search-url';
import { SortControl } from '../../features/search/sort-control';
import {
  formatTotal,
  type TSearchScreenState,
  useSearchRequest,
  useSearchState,
} from '../../features/search/use-search-state';
import { useStartSearch } from '../../features/search/use-start-search';
import { paperDetailPath } from '../../lib/app-paths';
import { SearchResults } from './search-results';
import './search-screen.css';

/**
 * requirements §2 /search?q=: runs the search for q and shows the ranked results. Sort and filters live in
 * the URL too (sort, category, from, to), so a link, back and forward all restore the same results.
 */
export default function SearchScreen() {
  const request = useSearchRequest();
  const { query, ...refinements } = request;
  const state = useSearchState();
  const startSearch = useStartSearch();
  const navigate = useNavigate();
  // A new sort or filter keeps asking for a summary if this search did (requirements §3 includeSummary).
  const refine = (change: Partial<TSearchUrlState>) =>
    navigate(searchUrl({ ...request, ...change }), { state: searchLocationState(state.includeSummary) });
  // docs/search.md#jumps: an arXiv id, URL or DOI opens its paper; back returns to where the search began.
  const jumpTo = state.jump?.paper;
  useEffect(() => {
    if (jumpTo) navigate(paperDetailPath(jumpTo), { replace: true });
  }, [jumpTo, navigate]);

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
              {/* The state holds only this URL's answer, so the count is never a previous request's. */}
              {state.hasSearched && !state.isLoading && !state.error && describeCount(state, query)}
            </p>
            <SortControl value={request.sort} onChange={(sort) => refine({ sort })} />
          </div>
          <CorpusStatus />
          <SearchSummaryPanel state={state} request={request} />
          <SearchResults state={state} request={request} />
        </>
      ) : (
        <p className="empty-state">Type a few words above to search titles, authors and abstracts.</p>
      )}
    </div>
  );
}

function describeCount({ total, totalEstimated, author }: TSearchScreenState, query: string): string {
  const written = formatTotal(total, totalEstimated);
  // A name typed alone was searched as an author (docs/search.md#syntax).
  if (author && query.trim() === author) return `${written} ${total === 1 ? 'paper' : 'papers'} by ${author}`;
  const noun = total === 1 ? 'result' : 'results';
  return `${written} ${noun} for “${query}”`;
}
