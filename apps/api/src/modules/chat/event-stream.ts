import { Readable } from 'node:stream';
import { STREAM_DONE, type TStreamEvent } from '@paperbench/contract';

/** One Server-Sent Event: a `data:` line of JSON and the blank line that ends it. */
export const sseFrame = (data: TStreamEvent | typeof STREAM_DONE) =>
  `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

async function* frames(events: AsyncIterable<TStreamEvent>): AsyncGenerator<string> {
  for await (const event of events) yield sseFrame(event);
  yield sseFrame(STREAM_DONE);
}

/**
 * The body of a streamed answer (docs/ai.md#chat-protocol): the events as SSE frames, then
 * `data: [DONE]`. The producer gets a signal that aborts as soon as the response is destroyed (the
 * client left). Readable.from would only end a generator through `return()`, which waits until the
 * generator's pending await settles, that is, the model's next delta: the signal stops the upstream
 * call at once instead.
 */
export function eventStream(produce: (signal: AbortSignal) => AsyncIterable<TStreamEvent>): Readable {
  const clientLeft = new AbortController();
  const iterator = frames(produce(clientLeft.signal));
  return new Readable({
    async read() {
      try {
        const next = await iterator.next();
        this.push(next.done ? null : next.value);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, callback) {
      if (!this.readableEnded) clientLeft.abort(new Error('the client closed the stream'));
      iterator.return(undefined).then(
        () => callback(error),
        (returnError: Error) => callback(error ?? returnError),
      );
    },
  });
}

/** Headers of an event stream: no caching, and no buffering by a proxy in front (nginx, Caddy). */
export const EVENT_STREAM_HEADERS = {
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;
