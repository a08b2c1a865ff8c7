import type { TCitedPassage } from '@paperbench/contract';
import { CitedSummary } from '../summaries/cited-summary';
import { useSearchSummaryQuery } from './api';
import type { TSearchUrlState } from './search-url';
import type { TSearchScreenState } from './use-search-state';
import './search-summary-panel.css';

/** The id of the n-th result card (1-based), which a summary's `[n]` links to. */
export const resultAnchorId = (n: number) => `search-result-${n}`;

/** `[n]` brings the n-th result card into view and moves focus to it. */
const scrollToResult = (passage: TCitedPassage) => () => {
  const card = document.getElementById(resultAnchorId(passage.n));
  card?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  card?.focus({ preventScroll: true });
};

/**
 * requirements §3 Search state's summary, above the results when includeSummary: loading
 * (isSummaryLoading), the cited summary, or the failure said plainly with Retry (summaryError).
 */
export function SearchSummaryPanel({ state, request }: { state: TSearchScreenState; request: TSearchUrlState }) {
  const summary = useSearchSummaryQuery(request, state.results, state.includeSummary);
  if (!state.includeSummary || state.results.length === 0) return null;
  return (
    <section
      className="search-summary-panel"
      aria-label="Summary of the top results"
      aria-busy={state.isSummaryLoading}
    >
      <h2 className="search-summary-title">Summary of the top results</h2>
      {state.isSummaryLoading && (
        <p className="search-summary-pending" role="status">
          Summarising the top results…
        </p>
      )}
      {state.summaryError && (
        <div className="search-summary-failure" role="alert">
          <p>The summary could not be written: {state.summaryError}</p>
          <button type="button" className="button button-small" onClick={() => summary.refetch()}>
            Retry
          </button>
        </div>
      )}
      {summary.data && !state.summaryError && (
        <CitedSummary
          text={summary.data.summary}
          source={summary.data.source}
          passages={summary.data.passages}
          citations={summary.data.citations}
          abstained={summary.data.abstained}
          opener={scrollToResult}
        />
      )}
    </section>
  );
}
