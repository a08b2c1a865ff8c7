/** Streamed routes over real HTTP (chat, review, ideas), their events read as they arrive. */
import { STREAM_DONE, type TStreamEvent, ZStreamEvent } from '@paperbench/contract';

export interface StreamedEvents {
  events: TStreamEvent[];
  /** From sending the request to the first event of each type read off the socket, in ms. */
  firstMs: Partial<Record<TStreamEvent['type'], number>>;
  totalMs: number;
}

export interface StreamedAnswer {
  events: TStreamEvent[];
  /** From sending the request to the first `delta` event read off the socket, in ms. */
  firstDeltaMs: number | undefined;
  totalMs: number;
}

const ANSWER_TIMEOUT_MS = 60_000;

/** Splits the SSE frames off the front of `buffer`; the unfinished tail is returned to wait for more bytes. */
function takeFrames(buffer: string): { frames: string[]; rest: string } {
  const parts = buffer.split('\n\n');
  return { frames: parts.slice(0, -1), rest: parts.at(-1) ?? '' };
}

function parseFrame(frame: string): TStreamEvent | typeof STREAM_DONE {
  if (!frame.startsWith('data: ')) throw new Error(`not an SSE data frame: ${frame.slice(0, 200)}`);
  const data = frame.slice('data: '.length);
  return data === STREAM_DONE ? STREAM_DONE : ZStreamEvent.parse(JSON.parse(data));
}

/** POSTs `body` to a streamed route as `userId` and reads its SSE to the end, timing each event type's first arrival. */
export async function streamOverHttp(
  baseUrl: string,
  userId: string,
  route: string,
  body: unknown,
): Promise<StreamedEvents> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user-id': userId },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`${route} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const events: TStreamEvent[] = [];
  const firstMs: StreamedEvents['firstMs'] = {};
  let done = false;
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    const { frames, rest } = takeFrames(buffer + decoder.decode(chunk, { stream: true }));
    buffer = rest;
    for (const frame of frames) {
      const event = parseFrame(frame);
      if (event === STREAM_DONE) {
        done = true;
        continue;
      }
      firstMs[event.type] ??= performance.now() - started;
      events.push(event);
    }
  }
  if (!done) throw new Error(`${route} ended without ${STREAM_DONE}`);
  const failed = events.find((event) => event.type === 'error');
  if (failed) throw new Error(`${route} streamed an error: ${JSON.stringify(failed)}`);
  return { events, firstMs, totalMs: performance.now() - started };
}

/** Asks with the user's File List selection as context (no `selected_files`: spec, selection feeds chat). */
export async function askOverHttp(baseUrl: string, userId: string, message: string): Promise<StreamedAnswer> {
  const { events, firstMs, totalMs } = await streamOverHttp(baseUrl, userId, '/api/chat/stream_chat', { message });
  return { events, firstDeltaMs: firstMs.delta, totalMs };
}
