import type { STREAM_DONE, TStreamEvent } from '@paperbench/contract';

/** One Server-Sent Events frame as the API writes it. */
export const sseFrame = (data: TStreamEvent | typeof STREAM_DONE) =>
  `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/**
 * A streamed answer for a fetch mock: `frames` are enqueued at once (split mid-frame, as a network
 * may), and the stream ends only if `end` is set; aborting `signal` errors the body as a browser does.
 * Returns the response and a `push` to send more frames later.
 */
export function sseResponse(
  frames: string[],
  { signal, end = true }: { signal?: AbortSignal | null; end?: boolean } = {},
) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      const text = frames.join('');
      const half = Math.floor(text.length / 2);
      if (text) {
        controller.enqueue(encoder.encode(text.slice(0, half)));
        controller.enqueue(encoder.encode(text.slice(half)));
      }
      if (end) controller.close();
    },
  });
  signal?.addEventListener('abort', () =>
    controller.error(new DOMException('The operation was aborted.', 'AbortError')),
  );
  const response = new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  return { response, push: (frame: string) => controller.enqueue(encoder.encode(frame)) };
}
