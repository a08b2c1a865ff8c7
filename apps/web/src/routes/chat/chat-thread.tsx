import type { TChatMessage } from '@paperbench/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { parseApiError } from '../../api/parse-api-error';
import { useChatMessagesQuery } from '../../features/chat/api';
import { ChatAnswer } from '../../features/chat/chat-answer';
import type { TChatAnswer } from '../../features/chat/chat-answer-state';
import { citationsOf } from '../../features/chat/citation-context';
import { useCitationOpener } from '../../features/chat/use-citation-opener';

type TChatThreadProps = {
  sessionId: number | null;
  /** The latest streamed answer; shown here while it belongs to this session and is not stored yet. */
  answer: TChatAnswer | null;
  onRetry: () => void;
  /** The session's stored messages when they come from elsewhere (/review reads its own); default /chat's. */
  messagesQuery?: Pick<UseQueryResult<TChatMessage[]>, 'data' | 'error'>;
};

function Question({ text }: { text: string }) {
  return <p className="chat-message chat-question">{text}</p>;
}

/** A session's messages, oldest first, then the answer streaming in. */
export function ChatThread({ sessionId, answer, onRetry, messagesQuery }: TChatThreadProps) {
  const chatMessages = useChatMessagesQuery(messagesQuery ? null : sessionId);
  const messages = messagesQuery ?? chatMessages;
  const opener = useCitationOpener();
  const stored = messages.data ?? [];
  const live = answer?.sessionId === sessionId && !stored.some((m) => m.id === answer.messageId) ? answer : null;
  // The server may store the question before the answer is done: it is then shown once, from the store.
  const lastStored = stored.at(-1);
  const isQuestionStored = lastStored?.role === 'user' && lastStored.content === live?.question;

  // A stored answer carries the passages it was given and the checker's verdict (docs/ai.md#chat).
  const citationsFor = (message: TChatMessage) =>
    citationsOf(message.passages ?? [], message.citations ?? null, opener);

  if (messages.error) {
    return (
      <p className="chat-thread-error" role="alert">
        {parseApiError(messages.error).message}
      </p>
    );
  }
  if (stored.length === 0 && !live) {
    return (
      <div className="chat-thread-empty">
        <h2>Ask about your papers</h2>
        <p>
          Answers quote the selected papers and cite the page: hover a number to read the passage, click it to open the
          PDF there.
        </p>
      </div>
    );
  }
  return (
    <div className="chat-thread" aria-live="polite">
      {stored.map((message) =>
        message.role === 'user' ? (
          <Question key={message.id} text={message.content} />
        ) : (
          <ChatAnswer
            key={message.id}
            text={message.content}
            source={message.source}
            citations={citationsFor(message)}
            abstained={message.abstained ?? false}
          />
        ),
      )}
      {live && (
        <>
          {!isQuestionStored && <Question text={live.question} />}
          <ChatAnswer
            text={live.text}
            source={live.source}
            citations={citationsOf(live.passages, live.citations, opener)}
            abstained={live.abstained}
            isStreaming={live.status === 'streaming'}
          >
            {(live.status === 'error' || live.status === 'stopped') && (
              <div className={live.status === 'error' ? 'answer-failure' : 'answer-stopped'}>
                <p role={live.status === 'error' ? 'alert' : 'status'}>
                  {live.status === 'error' ? live.error : 'You stopped this answer.'}
                </p>
                <button type="button" className="button button-small" onClick={onRetry}>
                  Retry
                </button>
              </div>
            )}
          </ChatAnswer>
        </>
      )}
    </div>
  );
}
