import type { TConversationalSearchRequest, TStructuredQuery } from '@paperbench/contract';
import { useEffect, useRef, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import type { TScreenProps } from '../../app/screen-props';
import { useAiStatusQuery } from '../../features/chat/api';
import { CONVERSATIONAL_LIMIT, useConversationalSearchMutation } from '../../features/conversational/api';
import {
  analysisTurnsFor,
  latestQuery,
  loadConversation,
  saveConversation,
  type TExchange,
  turnsFor,
} from '../../features/conversational/conversation';
import { ConversationComposer } from './conversation-composer';
import { ConversationExchange } from './conversation-exchange';
import './conversational-search.css';

/** Shown when the server has no model (docs/ai.md#offline-mode: it works, and says so). */
export const OFFLINE_NOTICE_TEXT =
  'No AI model is configured on this server: requests are read by a rule-based parser, and answers quote the papers’ abstracts.';

/** What the empty screen offers to ask. */
export const EXAMPLE_REQUESTS = [
  'Recent work on protein language models for enzyme design, not reviews',
  'Graph neural networks for molecules since 2019 in cs.LG',
  'Transformers for speech recognition, without surveys',
] as const;

const requestBody = ({ turns, previousQuery, isQueryEdited }: TExchange): TConversationalSearchRequest => ({
  turns,
  ...(previousQuery && { previous_query: previousQuery }),
  query_edited: isQueryEdited && previousQuery !== null,
  limit: CONVERSATIONAL_LIMIT,
});

/**
 * requirements §2 /conversational-search (docs/ai.md#conversational-search): a conversation of requests in
 * plain words. Each is read as a structured query shown as editable chips, searched, and answered with
 * a cited synthesis of the papers found; a follow-up refines the previous query. The conversation is
 * kept for the tab (session storage), so a reload keeps it.
 */
export default function ConversationalSearchScreen({ title }: TScreenProps) {
  const [exchanges, setExchanges] = useState<TExchange[]>(loadConversation);
  const search = useConversationalSearchMutation();
  const aiStatus = useAiStatusQuery();
  const threadEnd = useRef<HTMLDivElement>(null);
  const isAnswering = exchanges.some((exchange) => exchange.status === 'pending');

  useEffect(() => saveConversation(exchanges), [exchanges]);

  const update = (id: number, change: Partial<TExchange>) =>
    setExchanges((list) => list.map((exchange) => (exchange.id === id ? { ...exchange, ...change } : exchange)));

  const run = async (exchange: TExchange) => {
    const { id } = exchange;
    try {
      const response = await search.mutateAsync(requestBody(exchange));
      update(id, { status: 'done', response, error: null });
    } catch (error) {
      update(id, { status: 'error', error: `The search failed: ${parseApiError(error).message}` });
    }
  };

  const ask = (request: string) => {
    if (isAnswering) return;
    const id = (exchanges.at(-1)?.id ?? 0) + 1;
    const turns = turnsFor(exchanges, request);
    const exchange: TExchange = {
      id,
      request,
      turns,
      previousQuery: latestQuery(exchanges),
      isQueryEdited: false,
      status: 'pending',
      response: null,
      error: null,
    };
    setExchanges((list) => [...list, exchange]);
    // The new request comes into view above the composer.
    requestAnimationFrame(() => threadEnd.current?.scrollIntoView?.({ behavior: 'smooth', block: 'end' }));
    void run(exchange);
  };

  /** The chips as the user left them run again, as given (query_edited), in place of that exchange's answer. */
  const editQuery = (exchange: TExchange, query: TStructuredQuery) => {
    const edited: TExchange = {
      ...exchange,
      previousQuery: query,
      isQueryEdited: true,
      status: 'pending',
      error: null,
    };
    update(exchange.id, edited);
    void run(edited);
  };

  const retry = (exchange: TExchange) => {
    update(exchange.id, { status: 'pending', error: null });
    void run(exchange);
  };

  return (
    <section className="screen conv-screen">
      <header className="conv-header">
        <h1>{title}</h1>
        {exchanges.length > 0 && (
          <button type="button" className="button button-small" disabled={isAnswering} onClick={() => setExchanges([])}>
            New conversation
          </button>
        )}
      </header>
      {aiStatus.data?.mode === 'extractive' && (
        <p className="notice conv-offline" role="note">
          {OFFLINE_NOTICE_TEXT}
        </p>
      )}
      {exchanges.length === 0 ? (
        <div className="conv-empty">
          <h2>Ask for papers in your own words</h2>
          <p>
            Say what you are looking for, with years, arXiv categories or what to leave out. Your request becomes a
            query you can edit; follow-ups refine it.
          </p>
          <ul className="conv-examples" aria-label="Example requests">
            {EXAMPLE_REQUESTS.map((example) => (
              <li key={example}>
                <button type="button" className="conv-example" onClick={() => ask(example)}>
                  {example}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <ol className="conv-thread" aria-label="Conversation">
          {exchanges.map((exchange, index) => (
            <ConversationExchange
              key={exchange.id}
              exchange={exchange}
              isLatest={index === exchanges.length - 1}
              canAsk={!isAnswering}
              onEditQuery={(query) => editQuery(exchange, query)}
              onRetry={() => retry(exchange)}
              onAsk={ask}
              analysisRequest={(paper) =>
                exchange.response && {
                  turns: analysisTurnsFor(exchanges, exchange),
                  query: exchange.response.query,
                  platform: paper.platform,
                  paper_id: paper.paper_id,
                }
              }
            />
          ))}
        </ol>
      )}
      <div ref={threadEnd} />
      <ConversationComposer isFollowUp={exchanges.length > 0} isBusy={isAnswering} onSend={ask} />
    </section>
  );
}
