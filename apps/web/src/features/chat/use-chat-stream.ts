import { contract, type TStreamEvent } from '@paperbench/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { TEventStreamBody, TEventStreamRoute } from '../../api/read-event-stream';
import { useEventStream } from '../../api/use-event-stream';
import { chatKeys } from './api';
import { applyStreamEvent, startAnswer, type TChatAnswer } from './chat-answer-state';

/**
 * Where a chat's answers stream from and which queries a finished answer refreshes: /chat's own by
 * default; /review passes its grounded chat (chat_rwg) and its session keys.
 */
export type TChatStreamSource<TRoute extends TEventStreamRoute> = {
  route: TRoute;
  body: (message: string, sessionId: number | null) => TEventStreamBody<TRoute>;
  sessionsKey: QueryKey;
  messagesKey: (sessionId: number) => QueryKey;
};

/** /chat's own answers: POST /api/chat/stream_chat. */
export const CHAT_STREAM_SOURCE: TChatStreamSource<typeof contract.chat.streamChat> = {
  route: contract.chat.streamChat,
  body: (message, sessionId) => (sessionId === null ? { message } : { session_id: sessionId, message }),
  sessionsKey: chatKeys.sessions(),
  messagesKey: chatKeys.messages,
};

type TChatStream = {
  /** The latest answer (streaming, finished, failed or stopped), or null before the first question. */
  answer: TChatAnswer | null;
  /** Asks in `sessionId` (null: the server starts a session and names it in its first event). */
  ask: (message: string, sessionId: number | null) => void;
  /** Aborts the request in flight; the text so far stays, marked as stopped. */
  stop: () => void;
  /** Asks the latest question again, in the session it went to. */
  retry: () => void;
};

/** A session the server made for a question (`created`), or deleted again when its client stopped (`dropped`). */
export type TSessionChange = { created: number } | { dropped: number };

/**
 * One streamed answer at a time over the source's route (useEventStream). `onSession` hears of a session the
 * server created for the question, and of its deletion when the question is stopped before its answer
 * was stored (docs/ai.md#chat-protocol). When an answer is done, the session's messages and the
 * sessions list are read afresh (the stored message replaces the streamed one).
 */
export function useChatStream<TRoute extends TEventStreamRoute>(
  onSession: (change: TSessionChange) => void,
  source: TChatStreamSource<TRoute>,
): TChatStream {
  const queryClient = useQueryClient();
  const { sessionsKey, messagesKey } = source;

  const onEvent = (event: TStreamEvent) => {
    if (event.type !== 'session') return;
    onSession({ created: event.session_id });
    void queryClient.invalidateQueries({ queryKey: sessionsKey });
  };

  const onEnd = (ended: TChatAnswer, started: TChatAnswer) => {
    if (ended.status === 'done' && ended.sessionId !== null) {
      void queryClient.invalidateQueries({ queryKey: messagesKey(ended.sessionId) });
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    }
    // The server deletes a session it made for a question whose client left before the answer was
    // stored: the screen leaves it, the list drops it, and a retry starts a new one.
    const dropped = ended.status === 'stopped' && started.sessionId === null ? ended.sessionId : null;
    if (dropped === null) return undefined;
    onSession({ dropped });
    void queryClient.invalidateQueries({ queryKey: sessionsKey });
    return { ...ended, sessionId: null };
  };

  const { state, start, stop } = useEventStream(source.route, applyStreamEvent, {
    endedEarly: 'The answer ended early.',
    failureLog: 'The chat answer failed',
    onEvent,
    onEnd,
  });

  // The body of the question last asked, as it was then (chat's carried the reader's quote): Retry resends it.
  const askedBody = useRef(source.body);
  const ask = (message: string, sessionId: number | null, body = source.body) => {
    askedBody.current = body;
    start(body(message, sessionId), startAnswer(sessionId, message));
  };

  return {
    answer: state,
    ask: (message, sessionId) => ask(message, sessionId),
    stop,
    retry: () => {
      if (state) ask(state.question, state.sessionId, askedBody.current);
    },
  };
}
