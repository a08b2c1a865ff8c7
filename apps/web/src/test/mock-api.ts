import type { TContract, TError } from '@paperbench/contract';
import type { AppRoute, AppRouteMutation, ClientInferRequest, ClientInferResponseBody } from '@ts-rest/core';
import { vi } from 'vitest';

/**
 * docs/testing.md: mocks typed against the contract. A handler key must be a route of the contract
 * (`'METHOD /path'` with its parameters filled in), and what the handler answers must be one of that
 * route's statuses with that status's body; so a mock that drifts from the contract fails typecheck.
 */

/** Every route of the contract, nested routers flattened. */
type Flatten<T> = T extends AppRoute ? T : { [K in keyof T]: Flatten<T[K]> }[keyof T];
type TRoute = Flatten<TContract>;

/** '/api/folders/:id/files' → `/api/folders/${string}/files`: what a filled-in path looks like. */
type PathPattern<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${PathPattern<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;
type RouteKey<R> = R extends AppRoute ? `${R['method']} ${PathPattern<R['path']>}` : never;

/** The routes a key such as 'POST /api/folders/1/files' can address (usually one). */
type RoutesAt<K extends string, R = TRoute> = R extends AppRoute ? (K extends RouteKey<R> ? R : never) : never;

/** A status of the route and its body; 200 may be left out (mockApi's default). */
type Reply<R> = R extends AppRoute
  ? {
      [S in keyof R['responses'] & number]: (S extends 200 ? { status?: S } : { status: S }) &
        (undefined extends ClientInferResponseBody<R, S>
          ? { body?: ClientInferResponseBody<R, S> }
          : { body: ClientInferResponseBody<R, S> });
    }[keyof R['responses'] & number]
  : never;
/** A server or proxy failure can answer any route, whatever its contract lists. */
type Failure = { status: 500 | 502 | 503; body: TError };

type RequestBody<R> = R extends AppRouteMutation
  ? ClientInferRequest<R> extends { body: infer B }
    ? B
    : undefined
  : undefined;

export type TMockRequest<TBody = unknown> = {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON request body, typed as the route takes it. */
  body: TBody;
};
export type TMockReply<K extends string> = Reply<RoutesAt<K>> | Failure;
export type TMockHandler<K extends string> = (
  request: TMockRequest<RequestBody<RoutesAt<K>>>,
) => TMockReply<K> | Promise<TMockReply<K>>;

/** The routes a test may mock: keys are checked against the contract's paths. */
export type TMockRouteKey = RouteKey<TRoute>;

/** A user id in the shape the server issues (22 base64url characters). */
export const TEST_USER_ID = 'testUserId_0123456789a';

/**
 * Replaces fetch with handlers keyed by 'METHOD /path' (no query string). Unmatched requests answer
 * 501 like the API's unfinished routes. Returns the fetch mock, to inspect the calls.
 */
export function mockApi<K extends TMockRouteKey>(handlers: { [P in K]: TMockHandler<P> }) {
  localStorage.setItem('X-User-ID', TEST_USER_ID);
  const byKey = handlers as Record<string, (request: TMockRequest) => Promise<{ status?: number; body?: unknown }>>;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const handler = byKey[`${method} ${url.pathname}`];
    const result = handler
      ? await handler({ method, path: url.pathname, url, headers: new Headers(init.headers), body })
      : { status: 501, body: { error: 'NOT_IMPLEMENTED', message: `${url.pathname} not implemented yet` } };
    // A 204 has neither body nor content type, as the server sends it (a JSON type would make the client parse '').
    if (result.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(result.body ?? null), {
      status: result.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
