import { Link } from 'react-router';
import { PaperCard } from '../../features/paper-card/paper-card';
import { PaperListSkeleton } from '../../features/paper-card/paper-list-skeleton';
import { resultAnchorId } from '../../features/search/search-summary-panel';
import { hasFilters, searchLocationState, searchUrl, type TSearchUrlState } from '../../features/search/search-url';
import type { TSearchScreenState } from '../../features/search/use-search-state';

/** The result list with its loading, error, did-you-mean and empty states. */
export function SearchResults({ state, request }: { state: TSearchScreenState; request: TSearchUrlState }) {
  if (state.isLoading) return <PaperListSkeleton count={4} />;
  if (state.error) {
    return (
      <div className="error-state" role="alert">
        <h2>The search failed</h2>
        <p>{state.error}</p>
      </div>
    );
  }
  if (!state.hasSearched) return null;
  if (state.results.length === 0) return <NoResults state={state} request={request} />;
  return (
    <>
      <div className="paper-list">
        {state.results.map((paper, index) => (
          <PaperCard
            key={`${paper.platform}:${paper.paper_id}`}
            paper={paper}
            highlights={paper.highlights}
            anchorId={resultAnchorId(index + 1)}
          />
        ))}
      </div>
      {state.total > state.results.length && (
        <p className="list-footnote">
          Showing the top {state.results.length} of {state.total.toLocaleString()}. Add words or filters to narrow the
          search.
        </p>
      )}
    </>
  );
}

function NoResults({ state, request }: { state: TSearchScreenState; request: TSearchUrlState }) {
  const { didYouMean } = state;
  return (
    <div className="empty-state search-empty">
      {didYouMean && (
        <p className="did-you-mean">
          Did you mean{' '}
          <Link
            to={searchUrl({ ...request, query: didYouMean.query })}
            state={searchLocationState(state.includeSummary)}
            className="did-you-mean-link"
          >
            {didYouMean.query}
          </Link>
          ? <span className="did-you-mean-count">({didYouMean.total.toLocaleString()} results)</span>
        </p>
      )}
      <h2>No papers match “{request.query}”</h2>
      <p>
        {hasFilters(request)
          ? 'Try removing a filter, using fewer words, or checking the spelling.'
          : 'Try fewer or different words, or check the spelling.'}
      </p>
    </div>
  );
}
