import { PaperCard } from '../../features/paper-card/paper-card';
import { PaperListSkeleton } from '../../features/paper-card/paper-list-skeleton';
import type { TSearchScreenState } from '../../features/search/search-store';

/** The result list with its loading, error and empty states. */
export function SearchResults({ state, query }: { state: TSearchScreenState; query: string }) {
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
  if (state.results.length === 0) {
    return (
      <div className="empty-state">
        <h2>No papers match “{query}”</h2>
        <p>Try fewer or different words, or check the spelling.</p>
      </div>
    );
  }
  return (
    <>
      <div className="paper-list">
        {state.results.map((paper) => (
          <PaperCard key={`${paper.platform}:${paper.paper_id}`} paper={paper} />
        ))}
      </div>
      {state.total > state.results.length && (
        <p className="list-footnote">
          Showing the top {state.results.length} of {state.total.toLocaleString()}. Add words to narrow the search.
        </p>
      )}
    </>
  );
}
