import { STREAM_DONE, type TStreamEvent, ZStreamEvent } from '@paperbench/contract';
import { EventSourceParserStream } from 'eventsource-parser/stream';

function parseEvent(data: string): TStreamEvent {
  try {
    return ZStreamEvent.parse(JSON.parse(data));
  } catch {
    throw new Error('The server sent a part of the answer this client cannot read.');
  }
}

/**
 * Reads a streamed route's Server-Sent Events (docs/ai.md#chat-protocol) from an accepted response: yields
 * each event, validated by the contract's ZStreamEvent, and returns at `data: [DONE]`. A stream that ends
 * before [DONE] is an error, never a silently short answer. Leaving the loop early releases the connection.
 */
export async function* readStreamEvents(response: Response): AsyncGenerator<TStreamEvent> {
  if (!response.body) throw new Error('The server answered without a body.');
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
    await reader.cancel().catch(() => {});
  }
}
