import { STREAM_DONE, type TStreamEvent, type ZEventStream, ZStreamEvent } from '@paperbench/contract';
import type { AppRouteMutation, ClientInferRequest } from '@ts-rest/core';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { authorizedFetch } from './api-fetcher';

/** A route of the contract that answers with Server-Sent Events (chat, review chat and writing, ideas). */
export type TEventStreamRoute = AppRouteMutation & { method: 'POST'; responses: { 200: typeof ZEventStream } };

/** What a streamed route is sent: its contract body. */
export type TEventStreamBody<TRoute extends TEventStreamRoute> = ClientInferRequest<TRoute>['body'];

function parseEvent(data: string): TStreamEvent {
  try {
    return ZStreamEvent.parse(JSON.parse(data));
  } catch {
    throw new Error('The server sent a part of the answer this page cannot read.');
  }
}

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
  if (!response.ok || !response.body) {
    throw { status: response.status, body: await response.json().catch(() => null) };
  }
  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error('The answer stopped before it was finished. Please try again.');
      if (value.data === STREAM_DONE) return;
      yield parseEvent(value.data);
    }
  } finally {
    // Leaving early (Stop, an unmounted screen) releases the connection.
    await reader.cancel().catch(() => {});
  }
}
