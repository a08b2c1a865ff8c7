import { useRef } from 'react';
import type { TScreenProps } from '../../app/screen-props';
import { useAiStatusQuery } from '../../features/chat/api';
import { analysisTurnsFor } from '../../features/conversational/conversation';
import { useConversation } from '../../features/conversational/use-conversation';
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

/**
 * requirements §2 /conversational-search (docs/ai.md#conversational-search): a conversation of requests in
 * plain words. Each is read as a structured query shown as editable chips, searched, and answered with
 * a cited synthesis of the papers found; a follow-up refines the previous query. The conversation is
 * kept for the tab (session storage), so a reload keeps it.
 */
export default function ConversationalSearchScreen({ title }: TScreenProps) {
  const aiStatus = useAiStatusQuery();
  const threadEnd = useRef<HTMLDivElement>(null);
  // The new request comes into view above the composer.
  const { exchanges, isAnswering, ask, editQuery, retry, clear } = useConversation(() =>
    requestAnimationFrame(() => threadEnd.current?.scrollIntoView?.({ behavior: 'smooth', block: 'end' })),
  );

  return (
    <section className="screen conv-screen">
      <header className="conv-header">
        <h1>{title}</h1>
        {exchanges.length > 0 && (
          <button type="button" className="button button-small" disabled={isAnswering} onClick={clear}>
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
