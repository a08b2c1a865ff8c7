import { contract, STREAM_DONE, type TStreamChatRequest, type TStreamEvent, ZStreamEvent } from '@paperbench/contract';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { authorizedFetch } from '../../api/api-fetcher';

function parseEvent(data: string): TStreamEvent {
  try {
    return ZStreamEvent.parse(JSON.parse(data));
  } catch {
    throw new Error('The server sent a part of the answer this page cannot read.');
  }
}

/**
 * POST /api/chat/stream_chat, read as Server-Sent Events: yields each event of the contract's
 * protocol (session → sources → passages → delta… → done | error), validated by ZStreamEvent, and
 * returns at `data: [DONE]`. Aborting `signal` (Stop) cancels the request, so the server stops too.
 * A refused request is thrown as {status, body}, like every typed call, for parseApiError.
 */
export function streamChat(request: TStreamChatRequest, signal: AbortSignal): AsyncGenerator<TStreamEvent> {
  return streamEvents(contract.chat.streamChat.path, request, signal);
}

/** Any streamed route of the contract (chat, review chat, review writing): POSTs `body` to `path`, as streamChat. */
export async function* streamEvents(path: string, body: unknown, signal: AbortSignal): AsyncGenerator<TStreamEvent> {
  const response = await authorizedFetch(path, {
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
