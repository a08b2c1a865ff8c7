import { callSignal } from './call-signal';
import type { ConcurrencyLimiter } from './concurrency-limiter';
import { AiInvalidOutputError } from './model';

/** What bounds every model call (docs/ai.md#timeouts-and-concurrency): a slot of LLM_MAX_CONCURRENT and LLM_TIMEOUT_MS. */
export interface ModelCallLimits {
  limiter: ConcurrencyLimiter;
  timeoutMs: number;
}

/**
 * Waits for a slot, then opens the call's signal (the caller's abort plus the timeout; the timer starts
 * once the slot is held). `close()` ends the signal and frees the slot; call it in `finally`.
 */
async function openModelCall({ limiter, timeoutMs }: ModelCallLimits, callerSignal?: AbortSignal) {
  const release = await limiter.acquire(callerSignal);
  const call = callSignal(timeoutMs, callerSignal);
  return {
    signal: call.signal,
    /**
     * An abort surfaces from the SDK as an abort or network error: report why the call was stopped
     * (e.g. AiTimeoutError) instead. The model's own invalid output stays what it is.
     */
    reported: (error: unknown) =>
      call.signal.aborted && !(error instanceof AiInvalidOutputError) ? call.signal.reason : error,
    close: () => {
      call.end();
      release();
    },
  };
}

/** Runs one request/response model call within its limits. */
export async function runModelCall<T>(
  limits: ModelCallLimits,
  callerSignal: AbortSignal | undefined,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const call = await openModelCall(limits, callerSignal);
  try {
    return await run(call.signal);
  } catch (error) {
    throw call.reported(error);
  } finally {
    call.close();
  }
}

/** Streams one model call within its limits; an aborted stream throws rather than passing for a complete one. */
export async function* streamModelCall<T>(
  limits: ModelCallLimits,
  callerSignal: AbortSignal | undefined,
  stream: (signal: AbortSignal) => AsyncIterable<T>,
): AsyncGenerator<T> {
  const call = await openModelCall(limits, callerSignal);
  try {
    yield* stream(call.signal);
    // An aborted stream may end quietly in the SDK; the caller must not take it for a complete answer.
    call.signal.throwIfAborted();
  } catch (error) {
    throw call.reported(error);
  } finally {
    // Also reached when the consumer stops iterating (client disconnect): close() aborts the upstream request.
    call.close();
  }
}
