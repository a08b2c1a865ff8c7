import { AiTimeoutError } from './model';

/**
 * The signal of one model call: the caller's abort (a client that left) combined with LLM_TIMEOUT_MS,
 * whose expiry is reported as AiTimeoutError rather than a bare DOMException. `end()` aborts whatever
 * is still open (a stream its consumer stopped reading) and clears the timer; call it in `finally`.
 */
export function callSignal(timeoutMs: number, callerSignal?: AbortSignal) {
  const own = new AbortController();
  const timer = setTimeout(() => own.abort(new AiTimeoutError(timeoutMs)), timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, own.signal]) : own.signal;
  return {
    signal,
    end: () => {
      clearTimeout(timer);
      if (!own.signal.aborted) own.abort(new Error('model call ended'));
    },
  };
}
