import { readStreamEvents } from '@paperbench/client';
import type { TStreamEvent, ZEventStream } from '@paperbench/contract';
import type { AppRouteMutation, ClientInferRequest } from '@ts-rest/core';
import { authorizedFetch } from './api-fetcher';

/** A route of the contract that answers with Server-Sent Events (chat, review chat and writing, ideas). */
export type TEventStreamRoute = AppRouteMutation & { method: 'POST'; responses: { 200: typeof ZEventStream } };

/** What a streamed route is sent: its contract body. */
export type TEventStreamBody<TRoute extends TEventStreamRoute> = ClientInferRequest<TRoute>['body'];

/**
 * POSTs `body` to a streamed route and reads its Server-Sent Events (docs/ai.md#chat-protocol): yields
 * each event, validated by ZStreamEvent, and returns at `data: [DONE]`. Aborting `signal` (Stop)
 * cancels the request, so the server stops too. A refused request is thrown as {status, body}, like
 * every typed call, for parseApiError.
 */
export async function* readEventStream<TRoute extends TEventStreamRoute>(
  route: TRoute,
  body: TEventStreamBody<TRoute>,
  signal: AbortSignal,
): AsyncGenerator<TStreamEvent> {
  const response = await authorizedFetch(route.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    throw { status: response.status, body: await response.json().catch(() => null) };
  }
  yield* readStreamEvents(response);
}
