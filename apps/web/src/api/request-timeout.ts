/** requirements §7 / §9: every call has a 180000 ms timeout. */
export const REQUEST_TIMEOUT_MS = 180_000;

/** A signal that aborts after the timeout, or earlier when the caller's own signal aborts. */
export function timeoutSignal(callerSignal?: AbortSignal | null): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
}
