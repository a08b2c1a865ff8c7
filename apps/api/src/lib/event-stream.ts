import { Readable } from 'node:stream';
import { STREAM_DONE, type TStreamEvent } from '@paperbench/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppError } from './app-error';

/** One Server-Sent Event: a `data:` line of JSON and the blank line that ends it. */
const sseFrame = (data: TStreamEvent | typeof STREAM_DONE) =>
  `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

async function* frames(events: AsyncIterable<TStreamEvent>): AsyncGenerator<string> {
  for await (const event of events) yield sseFrame(event);
  yield sseFrame(STREAM_DONE);
}

/**
 * The events as SSE frames, then `data: [DONE]`. The producer gets a signal that aborts as soon as the
 * response is destroyed (the client left). Readable.from would only end a generator through `return()`,
 * which waits until the generator's pending await settles, that is, the model's next delta: the signal
 * stops the upstream call at once instead.
 */
function eventStream(produce: (signal: AbortSignal) => AsyncIterable<TStreamEvent>): Readable {
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
const EVENT_STREAM_HEADERS = {
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

export interface EventStreamFailure {
  /** What failed, for the log line: 'chat: the answer' logs "chat: the answer failed after the stream started". */
  what: string;
  /** What the client is told of an error thrown after the stream started (e.g. lib/model-failure.ts's modelFailure). */
  toError: (error: unknown) => AppError;
}

/**
 * The producer's events, and for an error it throws, an `error` event: the status is already 200
 * (packages/contract/src/stream.schemas.ts). An error after the client left is not reported: nobody listens.
 */
async function* reportingFailure(
  events: AsyncIterable<TStreamEvent>,
  signal: AbortSignal,
  log: FastifyBaseLogger,
  failure: EventStreamFailure,
): AsyncGenerator<TStreamEvent> {
  try {
    yield* events;
  } catch (error) {
    if (signal.aborted) return;
    log.error({ err: error }, `${failure.what} failed after the stream started`);
    const reported = failure.toError(error);
    yield { type: 'error', error: reported.code, message: reported.message };
  }
}

/**
 * A streamed route's answer (docs/ai.md#chat-protocol): `200` `text/event-stream`, each event the producer
 * yields, `data: [DONE]`; the client leaving aborts the producer's signal, and an error it throws becomes
 * an `error` event. Everything that can be refused with a status is checked before this is called.
 */
export function sendEventStream(
  // Structural: @ts-rest/fastify's reply type and Fastify 5's differ in their generics.
  reply: { headers(values: Record<string, string>): unknown },
  log: FastifyBaseLogger,
  produce: (signal: AbortSignal) => AsyncIterable<TStreamEvent>,
  failure: EventStreamFailure,
) {
  reply.headers(EVENT_STREAM_HEADERS);
  const stream = eventStream((signal) => reportingFailure(produce(signal), signal, log, failure));
  // ts-rest has no streaming body type (ai-notes): the contract types this text/event-stream as a string.
  return { status: 200 as const, body: stream as unknown as string };
}
