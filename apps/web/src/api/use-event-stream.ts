import type { TStreamEvent } from '@paperbench/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseApiError } from './parse-api-error';
import { readEventStream, type TEventStreamBody, type TEventStreamRoute } from './read-event-stream';

/** Where a stream stands, and why it failed; the hook sets these, a feature's reducer never does. */
export type TStreamProgress = {
  status: 'streaming' | 'done' | 'error' | 'stopped';
  error: string | null;
};

/** A feature's state after one event: its own fields (from `reduce`), `done` and `error` from the stream. */
export const streamedReducer =
  <TState extends TStreamProgress>(reduce: (state: TState, event: TStreamEvent) => TState) =>
  (state: TState, event: TStreamEvent): TState => {
    const next = reduce(state, event);
    if (event.type === 'done') return { ...next, status: 'done' };
    if (event.type === 'error') return { ...next, status: 'error', error: event.message };
    return next;
  };

export type TEventStreamOptions<TState extends TStreamProgress> = {
  /** Shown when the stream ends ([DONE]) with neither 'done' nor 'error'. */
  endedEarly: string;
  /** Logged with a failure the server did not report (a refusal, a broken connection). */
  failureLog: string;
  /** Side effects of an event, e.g. the session the server made for the question. */
  onEvent?: (event: TStreamEvent) => void;
  /**
   * The stream ended (done, error or stopped), even when a newer one replaced it: refresh what it
   * changed; a state returned is shown instead (while no newer stream runs).
   */
  onEnd?: (ended: TState, started: TState) => TState | undefined;
};

/**
 * One streamed route of the contract at a time (docs/ai.md#chat-protocol): `start` POSTs its body and
 * folds each event into the state with the feature's `reduce`; the hook owns the rest: the request,
 * the parsing, `stop` (the text so far stays, marked stopped), abort when a newer stream starts or the
 * component unmounts, and the done and error states.
 */
export function useEventStream<TRoute extends TEventStreamRoute, TState extends TStreamProgress>(
  route: TRoute,
  reduce: (state: TState, event: TStreamEvent) => TState,
  options: TEventStreamOptions<TState>,
) {
  const [state, setState] = useState<TState | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const runRef = useRef(0);
  const latest = useRef({ route, reduce, options });
  latest.current = { route, reduce, options };

  const start = useCallback(async (body: TEventStreamBody<TRoute>, initial: TState) => {
    const { route, reduce, options } = latest.current;
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    const run = ++runRef.current;
    // Stop, or a newer stream: the newer one owns the state.
    const show = (next: TState) => run === runRef.current && setState(next);
    const started: TState = { ...initial, status: 'streaming', error: null };
    let current = started;
    show(current);
    const apply = streamedReducer(reduce);
    try {
      for await (const event of readEventStream(route, body, controller.signal)) {
        current = apply(current, event);
        show(current);
        options.onEvent?.(event);
      }
      if (current.status === 'streaming') current = { ...current, status: 'error', error: options.endedEarly };
    } catch (error) {
      if (controller.signal.aborted) {
        current = { ...current, status: 'stopped' };
      } else {
        console.error(options.failureLog, error);
        current = { ...current, status: 'error', error: parseApiError(error).message };
      }
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
    show(options.onEnd?.(current, started) ?? current);
  }, []);

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  // Leaving the screen cancels the request in flight.
  useEffect(() => () => controllerRef.current?.abort(), []);

  return {
    /** The latest stream's state, or null before the first. */
    state,
    start: (body: TEventStreamBody<TRoute>, initial: TState) => void start(body, initial),
    stop,
  };
}
