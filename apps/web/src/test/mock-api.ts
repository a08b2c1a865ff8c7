import { vi } from 'vitest';

export type TMockRequest = { method: string; path: string; url: URL; headers: Headers; body: unknown };
type THandler = (
  request: TMockRequest,
) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/** A user id in the shape the server issues (22 base64url characters). */
export const TEST_USER_ID = 'testUserId_0123456789a';

/**
 * Replaces fetch with handlers keyed by 'METHOD /path' (no query string). Unmatched requests answer
 * 501 like the API's unfinished routes. Returns the fetch mock, to inspect the calls.
 */
export function mockApi(handlers: Record<string, THandler>) {
  localStorage.setItem('X-User-ID', TEST_USER_ID);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const handler = handlers[`${method} ${url.pathname}`];
    const result = handler
      ? await handler({ method, path: url.pathname, url, headers: new Headers(init.headers), body })
      : { status: 501, body: { error: 'NOT_IMPLEMENTED', message: `${url.pathname} not implemented yet` } };
    return new Response(JSON.stringify(result.body ?? null), {
      status: result.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
