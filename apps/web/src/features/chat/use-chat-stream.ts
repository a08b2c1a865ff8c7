import type { TStreamEvent } from '@paperbench/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { chatKeys } from './api';
import { applyStreamEvent, startAnswer, type TChatAnswer } from './chat-answer-state';
import { streamChat } from './stream-chat';

/**
 * Where a chat's answers stream from and which queries a finished answer refreshes: /chat's own by
 * default; /review passes its grounded chat (chat_rwg) and its session keys.
 */
export type TChatStreamSource = {
  stream: (message: string, sessionId: number | null, signal: AbortSignal) => AsyncGenerator<TStreamEvent>;
  sessionsKey: QueryKey;
  messagesKey: (sessionId: number) => QueryKey;
};

const CHAT_SOURCE: TChatStreamSource = {
  stream: (message, sessionId, signal) =>
    streamChat(sessionId === null ? { message } : { session_id: sessionId, message }, signal),
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
 * One streamed answer at a time over POST /api/chat/stream_chat. `onSession` hears of a session the
 * server created for the question, and of its deletion when the question is stopped before its answer
 * was stored (docs/ai.md#chat-protocol). When an answer is done, the session's messages and the
 * sessions list are read afresh (the stored message replaces the streamed one).
 */
export function useChatStream(
  onSession: (change: TSessionChange) => void,
  source: TChatStreamSource = CHAT_SOURCE,
): TChatStream {
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<TChatAnswer | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const latestRef = useRef<TChatAnswer | null>(null);
  const onSessionRef = useRef(onSession);
  onSessionRef.current = onSession;
  const sourceRef = useRef(source);
  sourceRef.current = source;

  const update = useCallback((next: TChatAnswer) => {
    latestRef.current = next;
    setAnswer(next);
  }, []);

  const ask = useCallback(
    async (message: string, sessionId: number | null) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      let current = startAnswer(sessionId, message);
      update(current);
      try {
        const { stream, sessionsKey, messagesKey } = sourceRef.current;
        for await (const event of stream(message, sessionId, controller.signal)) {
          current = applyStreamEvent(current, event);
          update(current);
          if (event.type === 'session') {
            onSessionRef.current({ created: event.session_id });
            void queryClient.invalidateQueries({ queryKey: sessionsKey });
          }
        }
        if (current.status === 'streaming') update({ ...current, status: 'error', error: 'The answer ended early.' });
        if (current.status === 'done' && current.sessionId !== null) {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: messagesKey(current.sessionId) }),
            queryClient.invalidateQueries({ queryKey: sessionsKey }),
          ]);
        }
      } catch (error) {
        if (controller.signal.aborted) {
          // The server deletes a session it made for a question whose client left before the answer was
          // stored: the screen leaves it, the list drops it, and a retry starts a new one.
          const dropped = sessionId === null ? current.sessionId : null;
          if (dropped !== null) {
            current = { ...current, sessionId: null };
            onSessionRef.current({ dropped });
            void queryClient.invalidateQueries({ queryKey: sourceRef.current.sessionsKey });
          }
          // Stop, or a newer question: the newer one owns the state.
          if (controllerRef.current === controller) update({ ...current, status: 'stopped' });
          return;
        }
        console.error('The chat answer failed', error);
        update({ ...current, status: 'error', error: parseApiError(error).message });
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [queryClient, update],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const retry = useCallback(() => {
    const last = latestRef.current;
    if (last) void ask(last.question, last.sessionId);
  }, [ask]);

  // Leaving the screen cancels the request in flight.
  useEffect(() => () => controllerRef.current?.abort(), []);

  return { answer, ask: (message, sessionId) => void ask(message, sessionId), stop, retry };
}
