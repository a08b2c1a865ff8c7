import { createLocalPacer, type Pacer } from './outbound-pacer';
import { realTiming, type Timing } from './timing';

export type { Timing } from './timing';

export interface ArxivHttpOptions {
  /** Least time between the starts of two requests (ARXIV_REQUEST_INTERVAL_MS). */
  intervalMs: number;
  /** Retries of one request after 503s and transient failures before giving up. */
  maxRetries?: number;
  /** First back-off after a transient failure; doubles each retry, capped at maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Time limit of one attempt, headers and body. */
  timeoutMs?: number;
  timing?: Timing;
  /**
   * Hands out request slots (docs/security.md#outbound-requests-to-arxiv). Default: slots in this process only; the server passes
   * a database pacer so every process and replica shares arXiv's one-request-per-interval.
   */
  pacer?: Pacer;
}

/** arXiv could not be reached or kept failing: the caller's request failed upstream. */
export class ArxivUnavailable extends Error {
  constructor(
    message: string,
    /**
     * No answer at all, on the last attempt too (DNS failure, connection refused or reset, timeout): the
     * machine is offline or arXiv is down, as opposed to arXiv answering with an error.
     */
    readonly isUnreachable = false,
    /** Why the last attempt failed, short: `getaddrinfo ENOTFOUND oaipmh.arxiv.org`, `HTTP 502`. */
    readonly reason = message,
  ) {
    super(message);
    this.name = 'ArxivUnavailable';
  }
}

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); a value in the past or
 * unreadable means "no hint".
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const isTransientStatus = (status: number) => status === 429 || status >= 500;

/**
 * GETs text from arXiv politely: requests are spaced by intervalMs; a 503 waits as long as its
 * Retry-After says; network errors, timeouts and other 5xx back off exponentially; after maxRetries
 * it gives up with ArxivUnavailable. Any other non-2xx answer fails at once.
 */
export function createArxivHttp({
  intervalMs,
  maxRetries = 5,
  backoffMs = 2000,
  maxBackoffMs = 120_000,
  timeoutMs = 60_000,
  timing = realTiming,
  pacer = createLocalPacer({ service: 'arxiv', intervalMs, timing }),
}: ArxivHttpOptions) {
  async function attempt(
    url: string,
    signal?: AbortSignal,
  ): Promise<{ body: string } | { retryInMs: number | null; why: string; isUnanswered?: boolean }> {
    await pacer.waitForSlot(signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const response = await fetch(url, { signal: combined, headers: { accept: 'application/xml' } });
      if (response.ok) return { body: await response.text() };
      const why = `HTTP ${response.status}`;
      await response.body?.cancel();
      if (!isTransientStatus(response.status)) throw new ArxivUnavailable(`arXiv answered ${why} for ${url}`);
      const hint = response.status === 503 ? retryAfterMs(response.headers.get('retry-after'), timing.now()) : null;
      return { retryInMs: hint, why };
    } catch (error) {
      if (error instanceof ArxivUnavailable || signal?.aborted) throw error;
      const cause = (error as Error & { cause?: Error }).cause;
      return { retryInMs: null, why: cause?.message ?? (error as Error).message, isUnanswered: true };
    }
  }

  return {
    async get(url: string, signal?: AbortSignal): Promise<string> {
      for (let retry = 0; ; retry += 1) {
        const outcome = await attempt(url, signal);
        if ('body' in outcome) return outcome.body;
        if (retry >= maxRetries) {
          throw new ArxivUnavailable(
            `arXiv could not be reached (${outcome.why}, ${retry + 1} attempts) for ${url}`,
            outcome.isUnanswered === true,
            `${outcome.why} (${retry + 1} attempts)`,
          );
        }
        await timing.sleep(outcome.retryInMs ?? Math.min(maxBackoffMs, backoffMs * 2 ** retry), signal);
      }
    },
  };
}

export type ArxivHttp = ReturnType<typeof createArxivHttp>;
