import { setTimeout as sleep } from 'node:timers/promises';

/** A grant source answered badly or could not be reached. */
export class GrantSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GrantSourceError';
  }
}

export interface GrantHttpOptions {
  /** Least time between the starts of two requests (NIH RePORTER asks for at most one a second). */
  intervalMs?: number;
  /** Time limit of one request, headers and body. */
  timeoutMs?: number;
  /** Largest response body accepted, in bytes. */
  maxBytes?: number;
}

export type GrantHttp = (url: string, init?: { method?: 'GET' | 'POST'; body?: unknown }) => Promise<unknown>;

/**
 * docs/grants.md#ingest: the JSON client of the grant sources: one request at a time, spaced by intervalMs,
 * bounded in time and size; a non-2xx answer or a body that is not JSON fails with GrantSourceError naming the URL.
 */
export function createGrantHttp({
  intervalMs = 1000,
  timeoutMs = 60_000,
  maxBytes = 50 * 1024 * 1024,
}: GrantHttpOptions = {}): GrantHttp {
  let nextStart = 0;
  return async (url, { method = 'GET', body } = {}) => {
    const wait = nextStart - Date.now();
    if (wait > 0) await sleep(wait);
    nextStart = Date.now() + intervalMs;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          'user-agent': 'Paperbench grant ingest (self-hosted research workbench)',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GrantSourceError(`${method} ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    if (!response.ok) throw new GrantSourceError(`${method} ${url} answered ${response.status}`);
    if (text.length > maxBytes) throw new GrantSourceError(`${method} ${url} answered more than ${maxBytes} bytes`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new GrantSourceError(`${method} ${url} did not answer JSON`);
    }
  };
}

/** `base` + `path` without a doubled slash. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
