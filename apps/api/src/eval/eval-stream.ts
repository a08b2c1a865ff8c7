/**
 * One chat question over real HTTP for `pnpm eval`, its SSE read as it arrives. Unlike the QA bench's
 * reader (bench/qa/sse-answer.ts), an `error` event is a result here, not a failure of the run: a model
 * that breaks mid-answer is part of its scorecard. A 429 waits out the server's Retry-After: a real
 * server keeps its AI budget (docs/ai.md#budgets) while the eval asks question after question.
 */
import { STREAM_DONE, type TStreamEvent, ZStreamEvent } from '@paperbench/contract';

export interface TimedEvents {
  events: TStreamEvent[];
  /** From sending the request to the first and the last `delta`, in ms. */
  firstDeltaMs: number | undefined;
  lastDeltaMs: number | undefined;
  totalMs: number;
}

const ANSWER_TIMEOUT_MS = 300_000;
const MAX_WAITS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function postUntilAdmitted(url: string, init: RequestInit, log: (message: string) => void): Promise<Response> {
  for (let wait = 0; ; wait++) {
    const response = await fetch(url, init);
    if (response.status !== 429 || wait === MAX_WAITS) return response;
    const seconds = Number(response.headers.get('retry-after') ?? '10') || 10;
    log(`the server's AI budget is spent for now: waiting ${seconds} s (Retry-After)`);
    await response.body?.cancel();
    await sleep(seconds * 1000);
  }
}

export async function askTimed(
  baseUrl: string,
  userId: string,
  message: string,
  log: (message: string) => void,
): Promise<TimedEvents> {
  const started = performance.now();
  const response = await postUntilAdmitted(
    `${baseUrl}/api/chat/stream_chat`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user-id': userId },
      body: JSON.stringify({ message }),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    },
    log,
  );
  if (response.status !== 200 || !response.body) {
    throw new Error(`stream_chat answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const timed: TimedEvents = { events: [], firstDeltaMs: undefined, lastDeltaMs: undefined, totalMs: 0 };
  let buffer = '';
  let done = false;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    const frames = (buffer + decoder.decode(chunk, { stream: true })).split('\n\n');
    buffer = frames.pop() ?? '';
    for (const frame of frames) {
      const data = frame.replace(/^data: /, '');
      if (data === STREAM_DONE) {
        done = true;
        continue;
      }
      const event = ZStreamEvent.parse(JSON.parse(data));
      if (event.type === 'delta') {
        timed.firstDeltaMs ??= performance.now() - started;
        timed.lastDeltaMs = performance.now() - started;
      }
      timed.events.push(event);
    }
  }
  if (!done) throw new Error(`stream_chat ended without ${STREAM_DONE}`);
  timed.totalMs = performance.now() - started;
  return timed;
}
