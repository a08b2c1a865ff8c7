/** One question through `POST /api/chat/stream_chat` over real HTTP, its events read as they arrive. */
import { STREAM_DONE, type TStreamEvent, ZStreamEvent } from '@paperbench/contract';

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

/** Asks with the user's File List selection as context (no `selected_files`: spec, selection feeds chat). */
export async function askOverHttp(baseUrl: string, userId: string, message: string): Promise<StreamedAnswer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/chat/stream_chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user-id': userId },
    body: JSON.stringify({ message }),
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`stream_chat answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const events: TStreamEvent[] = [];
  let firstDeltaMs: number | undefined;
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
      if (event.type === 'delta' && firstDeltaMs === undefined) firstDeltaMs = performance.now() - started;
      events.push(event);
    }
  }
  if (!done) throw new Error(`stream_chat ended without ${STREAM_DONE}`);
  return { events, firstDeltaMs, totalMs: performance.now() - started };
}
