import { contract, type TContract, type TStreamEvent } from '@paperbench/contract';
import {
  type ApiFetcher,
  type AppRouteMutation,
  type ClientInferRequest,
  type InitClientReturn,
  initClient,
  isZodType,
} from '@ts-rest/core';
import { readStreamEvents } from './event-stream';
import { errorBody, PaperbenchError } from './paperbench-error';

export { readStreamEvents } from './event-stream';
export { PaperbenchError } from './paperbench-error';
export type { TStreamEvent };
export { contract };

export interface PaperbenchClientOptions {
  /** Where the server is, e.g. http://localhost:3000 (no /api). */
  baseUrl: string;
  /** A personal access token, `pbt_…` (docs/security.md#personal-access-tokens). */
  token: string;
  /** A fetch implementation; the global fetch when omitted (tests and in-process callers pass their own). */
  fetch?: typeof globalThis.fetch;
}

/** A route of the contract that answers with Server-Sent Events (chat, review writing, ideas). */
type StreamRoute = AppRouteMutation & { method: 'POST' };
type StreamBody<TRoute extends StreamRoute> = ClientInferRequest<TRoute>['body'];

type ApiClient = InitClientReturn<TContract, { baseUrl: string; baseHeaders: Record<string, string>; api: ApiFetcher }>;

export interface PaperbenchClient {
  /** Every route of the contract, typed: `await pb.api.search.search({ query })` gives `{ status, body }`. */
  api: ApiClient;
  /** A streamed route's events as an async iterator; throws PaperbenchError when the request is refused. */
  stream<TRoute extends StreamRoute>(
    route: TRoute,
    body: StreamBody<TRoute>,
    options?: { signal?: AbortSignal },
  ): AsyncGenerator<TStreamEvent>;
}

/** ts-rest's own fetcher, over the fetch the caller chose. JSON answers are read (and validated when asked). */
const fetcherOver =
  (fetchImpl: typeof globalThis.fetch): ApiFetcher =>
  async ({ route, path, method, headers, body, validateResponse, fetchOptions }) => {
    const response = await fetchImpl(path, { ...fetchOptions, method, headers, body });
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.includes('json')) {
      const json: unknown = await response.json();
      const schema = route.responses[response.status];
      const checked = validateResponse && isZodType(schema) ? schema.parse(json) : json;
      return { status: response.status, body: checked, headers: response.headers };
    }
    const text = await response.text();
    return { status: response.status, body: text, headers: response.headers };
  };

/**
 * A typed client of the whole API from its ts-rest contract (docs/client.md), in two lines:
 *
 *     import { createPaperbenchClient } from '@paperbench/client';
 *     const pb = createPaperbenchClient({ baseUrl: 'http://localhost:3000', token: process.env.PAPERBENCH_TOKEN });
 */
export function createPaperbenchClient({
  baseUrl,
  token,
  fetch: fetchImpl,
}: PaperbenchClientOptions): PaperbenchClient {
  const send = fetchImpl ?? globalThis.fetch;
  const root = baseUrl.replace(/\/+$/, '');
  const authorization = `Bearer ${token}`;
  const api = initClient(contract, {
    baseUrl: root,
    baseHeaders: { authorization },
    api: fetcherOver(send),
  }) as ApiClient;

  async function* stream<TRoute extends StreamRoute>(
    route: TRoute,
    body: StreamBody<TRoute>,
    options: { signal?: AbortSignal } = {},
  ): AsyncGenerator<TStreamEvent> {
    const response = await send(`${root}${route.path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: options.signal,
    });
    if (!response.ok) {
      throw new PaperbenchError(response.status, errorBody(await response.json().catch(() => null)));
    }
    yield* readStreamEvents(response);
  }

  return { api, stream };
}
