import { paperRefKey, type TJumpMissing } from '@paperbench/contract';
import { Link } from 'react-router';
import { PaperCard } from '../../features/paper-card/paper-card';
import { PaperListSkeleton } from '../../features/paper-card/paper-list-skeleton';
import { resultAnchorId } from '../../features/search/search-summary-panel';
import { hasFilters, searchLocationState, searchUrl, type TSearchUrlState } from '../../features/search/search-url';
import { formatTotal, type TSearchScreenState } from '../../features/search/use-search-state';

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
      <JumpNotice state={state} />
      <div className="paper-list">
        {state.results.map((paper, index) => (
          <PaperCard
            key={paperRefKey(paper)}
            paper={paper}
            highlights={paper.highlights}
            anchorId={resultAnchorId(index + 1)}
          />
        ))}
      </div>
      <div className="list-more">
        <p className="list-footnote">
          Showing {state.results.length.toLocaleString()} of {formatTotal(state.total, state.totalEstimated)}
          {describeRanking(state)}
        </p>
        {state.more.hasMore && (
          <button type="button" className="button" disabled={state.more.isLoading} onClick={state.more.load}>
            {state.more.isLoading ? 'Loading…' : 'Load more'}
          </button>
        )}
        {state.more.error && (
          <p className="filter-error" role="alert">
            More results could not be loaded: {state.more.error}
          </p>
        )}
      </div>
    </>
  );
}

/**
 * docs/search.md#ranking: without RUM the newest matches are the ones ranked; when that is not all of
 * them, the list says so.
 */
function describeRanking({ ranking, total, sortBy }: TSearchScreenState): string {
  if (!ranking || sortBy !== 'relevance' || ranking.index !== 'gin' || ranking.ranked >= total) return '';
  return `. Ranked by relevance among the newest ${ranking.ranked.toLocaleString()} matches; older ones follow newest first.`;
}

const MISSING: Record<TJumpMissing, string> = {
  not_in_corpus: 'is not in this corpus',
  sign_in_to_fetch: 'is not in this corpus yet: sign in and search again to fetch it from arXiv',
  not_on_arxiv: 'is not on arXiv',
  arxiv_unreachable: 'is not in this corpus, and arXiv could not be reached to fetch it; try again later',
};

/** docs/search.md#jumps: the query named a paper that could not be opened; say why. */
function JumpNotice({ state }: { state: TSearchScreenState }) {
  if (!state.jump?.missing) return null;
  const named = state.jump.via === 'doi' ? 'The paper with this DOI' : 'The arXiv paper with this id';
  return (
    <p className="notice jump-notice" role="status">
      {named} {MISSING[state.jump.missing]}.
      {state.results.length > 0 && ' Showing papers that match the words instead.'}
    </p>
  );
}

function NoResults({ state, request }: { state: TSearchScreenState; request: TSearchUrlState }) {
  const { didYouMean } = state;
  return (
    <div className="empty-state search-empty">
      <JumpNotice state={state} />
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
