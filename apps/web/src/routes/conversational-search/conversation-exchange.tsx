import {
  paperRefKey,
  type TAnalyzePaperRequest,
  type TCitedPassage,
  type TConversationalSearchResponse,
  type TStructuredQuery,
} from '@paperbench/contract';
import { useState } from 'react';
import { AnswerMarkdown } from '../../features/chat/answer-markdown';
import { EXTRACTIVE_LABEL } from '../../features/chat/chat-answer';
import { CitationsProvider, citationsOf } from '../../features/chat/citation-context';
import type { TExchange } from '../../features/conversational/conversation';
import { QueryChips } from '../../features/conversational/query-chips';
import { PaperCard } from '../../features/paper-card/paper-card';
import { PaperListSkeleton } from '../../features/paper-card/paper-list-skeleton';
import { DroppedNote, PaperAnalysis } from './paper-analysis';

/** The label on an answer quoted from the abstracts while a model is configured (its answer was unusable). */
export const QUOTED_ANSWER_LABEL = 'Extractive answer — quoted from the abstracts';

/** The id of the n-th result card (1-based) of an exchange, which its synthesis's `[n]` links to. */
export const conversationResultId = (exchangeId: number, n: number) => `conv-${exchangeId}-result-${n}`;

type TExchangeProps = {
  exchange: TExchange;
  /** Whether this is the latest exchange: only its follow-up suggestions are offered. */
  isLatest: boolean;
  /** Whether a new request may be sent now (none is being answered). */
  canAsk: boolean;
  onEditQuery: (query: TStructuredQuery) => void;
  onRetry: () => void;
  onAsk: (request: string) => void;
  /** The analyze-paper request for one of this exchange's papers. */
  analysisRequest: (paper: { platform: string; paper_id: string }) => TAnalyzePaperRequest | null;
};

/** One request and its answer: the query chips, the cited synthesis, the papers, then follow-ups. */
export function ConversationExchange({
  exchange,
  isLatest,
  canAsk,
  onEditQuery,
  onRetry,
  onAsk,
  analysisRequest,
}: TExchangeProps) {
  const { response, status } = exchange;
  const isPending = status === 'pending';
  return (
    <li className="conv-exchange">
      <p className="conv-request">
        <span className="visually-hidden">You asked: </span>
        {exchange.request}
      </p>
      <article className="conv-answer" aria-label={`Answer to: ${exchange.request}`} aria-busy={isPending}>
        {isPending && (
          <p className="conv-pending" role="status">
            {response ? 'Searching again with the edited query…' : 'Reading your request and searching…'}
          </p>
        )}
        {status === 'error' && (
          <div className="conv-failure" role="alert">
            <p>{exchange.error}</p>
            <button type="button" className="button button-small" onClick={onRetry}>
              Retry
            </button>
          </div>
        )}
        {response ? (
          <div className={isPending ? 'conv-answer-body is-stale' : 'conv-answer-body'}>
            <QueryChips
              query={response.query}
              querySource={response.query_source}
              onChange={isPending ? null : onEditQuery}
            />
            <Synthesis exchangeId={exchange.id} response={response} />
            <Results exchangeId={exchange.id} response={response} analysisRequest={analysisRequest} />
            {isLatest && response.suggestions.length > 0 && (
              <div className="conv-suggestions">
                <p className="conv-suggestions-title" id={`conv-${exchange.id}-suggestions`}>
                  Follow up
                </p>
                <ul className="conv-suggestion-list" aria-labelledby={`conv-${exchange.id}-suggestions`}>
                  {response.suggestions.map((suggestion) => (
                    <li key={suggestion}>
                      <button
                        type="button"
                        className="conv-suggestion"
                        disabled={!canAsk}
                        onClick={() => onAsk(suggestion)}
                      >
                        {suggestion}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        ) : (
          isPending && <PaperListSkeleton count={3} />
        )}
      </article>
    </li>
  );
}

/** A `[n]` brings the n-th card of its exchange into view and moves focus to it. */
const scrollToResult = (exchangeId: number) => (passage: TCitedPassage) => () => {
  const card = document.getElementById(conversationResultId(exchangeId, passage.n));
  card?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  card?.focus({ preventScroll: true });
};

/** The synthesis of the papers' abstracts, labelled when no model wrote it. */
function Synthesis({ exchangeId, response }: { exchangeId: number; response: TConversationalSearchResponse }) {
  const { synthesis } = response;
  const passages = synthesis.citations.map((citation) => ({
    n: citation.n,
    paper_id: citation.paper_id,
    platform: citation.platform,
    page: 1,
    text: citation.quote,
  }));
  const numbers = synthesis.citations.map((citation) => citation.n);
  // Only a checked synthesis has verified citations; anything else is shown as not verified.
  const check = synthesis.checked
    ? { supported: numbers, unsupported: synthesis.unsupported }
    : { supported: [], unsupported: numbers };
  const label =
    synthesis.source === 'extractive'
      ? response.mode === 'extractive'
        ? EXTRACTIVE_LABEL
        : QUOTED_ANSWER_LABEL
      : null;
  return (
    <section className="conv-synthesis surface-card" aria-label="Answer from the papers">
      {label && <p className="answer-label">{label}</p>}
      <div className={synthesis.abstained ? 'cited-summary is-abstained' : 'cited-summary'}>
        <CitationsProvider value={citationsOf(passages, check, scrollToResult(exchangeId))}>
          <AnswerMarkdown text={synthesis.text} />
        </CitationsProvider>
      </div>
      <DroppedNote count={synthesis.unsupported.length} />
    </section>
  );
}

function Results({
  exchangeId,
  response,
  analysisRequest,
}: {
  exchangeId: number;
  response: TConversationalSearchResponse;
  analysisRequest: TExchangeProps['analysisRequest'];
}) {
  const [analysed, setAnalysed] = useState<ReadonlySet<string>>(new Set());
  if (response.papers.length === 0) {
    return <p className="conv-no-results">No papers match this query. Remove a chip, or ask in other words.</p>;
  }
  const toggle = (key: string) =>
    setAnalysed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <>
      <p className="conv-count">
        {response.total > response.papers.length
          ? `The top ${response.papers.length} of ${response.total.toLocaleString()} papers`
          : `${response.total.toLocaleString()} ${response.total === 1 ? 'paper' : 'papers'}`}
      </p>
      <ol className="paper-list conv-results">
        {response.papers.map((paper, index) => {
          const key = paperRefKey(paper);
          const analysisId = `${conversationResultId(exchangeId, index + 1)}-analysis`;
          const isOpen = analysed.has(key);
          const request = analysisRequest(paper);
          return (
            <li key={key} className="conv-result">
              <PaperCard
                paper={paper}
                highlights={paper.highlights}
                anchorId={conversationResultId(exchangeId, index + 1)}
                extraActions={
                  request && (
                    <button
                      type="button"
                      className="button button-small"
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? analysisId : undefined}
                      onClick={() => toggle(key)}
                    >
                      {isOpen ? 'Hide analysis' : 'Analyze'}
                    </button>
                  )
                }
              />
              {isOpen && request && <PaperAnalysis id={analysisId} request={request} />}
            </li>
          );
        })}
      </ol>
    </>
  );
}
