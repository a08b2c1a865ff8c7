import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * docs/ai.md#tests: a local OpenAI-compatible server the AI tests script, so `pnpm test` never reaches a
 * real model. /v1/chat/completions answers from a queue of scripted replies (streamed as real
 * `chat.completion.chunk` SSE frames, or as one JSON completion); /v1/embeddings answers deterministic
 * hashed bag-of-words vectors, so texts sharing words are close.
 */

/** One scripted chat reply, used by the next /chat/completions request. */
export interface FakeReply {
  /** The answer; streamed word by word unless `chunks` gives the deltas. */
  text?: string;
  chunks?: string[];
  /** After the chunks: end normally, drop the connection (a model failing mid-stream), or hang until the client leaves. */
  ending?: 'finish' | 'fail' | 'hang';
  /** Answer with this HTTP error status instead. */
  status?: number;
  /** Respond only once this resolves (to hold calls open, e.g. to count concurrent ones). */
  gate?: Promise<unknown>;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: an OpenAI request body, read freely by tests
  body: any;
  /** True once the client closed the connection before the response was complete. */
  clientLeft: boolean;
  /** Resolves when the response ends, by either side. */
  closed: Promise<void>;
}

export interface FakeLlmServer {
  /** http://127.0.0.1:PORT/v1, as LLM_BASE_URL takes it. */
  baseUrl: string;
  /** Queues replies for the next chat requests, in order. */
  reply(...replies: FakeReply[]): void;
  requests: RecordedRequest[];
  chatRequests(): RecordedRequest[];
  /** Most chat requests open at once so far. */
  maxConcurrentChats: number;
  close(): Promise<void>;
}

export const FAKE_EMBEDDING_DIMENSIONS = 64;

/** Hashed bag of words, L2-normalised: texts sharing words get a high cosine. */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const hash = createHash('sha1').update(word).digest();
    const slot = (hash[0] ?? 0) % FAKE_EMBEDDING_DIMENSIONS;
    vector[slot] = (vector[slot] ?? 0) + ((hash[1] ?? 0) % 2 === 0 ? 1 : -1);
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

const splitWords = (text: string) => text.match(/\S+\s*/g) ?? [];

export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  let openChats = 0;
  const state = { maxConcurrentChats: 0 };

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    let closeResolve: () => void = () => {};
    const record: RecordedRequest = {
      path: req.url ?? '',
      headers: req.headers,
      body: raw ? JSON.parse(raw) : null,
      clientLeft: false,
      closed: new Promise((resolve) => {
        closeResolve = resolve;
      }),
    };
    requests.push(record);
    // Node 20 already marks a fully read request destroyed; the response tells whether the client left.
    res.on('close', () => {
      if (!res.writableFinished) record.clientLeft = true;
      closeResolve();
    });
    if (record.path.endsWith('/embeddings')) return answerEmbeddings(res, record.body);
    if (!record.path.endsWith('/chat/completions')) return sendJson(res, 404, { error: { message: 'not found' } });
    openChats += 1;
    state.maxConcurrentChats = Math.max(state.maxConcurrentChats, openChats);
    res.on('close', () => {
      openChats -= 1;
    });
    const reply = queue.shift();
    if (!reply) return sendJson(res, 500, { error: { message: 'fake LLM: no scripted reply left' } });
    await reply.gate;
    if (res.destroyed) return;
    if (reply.status) return sendJson(res, reply.status, { error: { message: `scripted ${reply.status}` } });
    if (record.body?.stream) return streamChat(res, record.body.model, reply);
    return sendJson(res, 200, completion(record.body?.model, reply));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    reply: (...replies) => queue.push(...replies),
    requests,
    chatRequests: () => requests.filter((request) => request.path.endsWith('/chat/completions')),
    get maxConcurrentChats() {
      return state.maxConcurrentChats;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const deltasOf = (reply: FakeReply) => reply.chunks ?? splitWords(reply.text ?? '');

function completion(model: string, reply: FakeReply) {
  const text = deltasOf(reply).join('');
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: 10,
      completion_tokens: splitWords(text).length,
      total_tokens: 10 + splitWords(text).length,
    },
  };
}

async function streamChat(res: ServerResponse, model: string, reply: FakeReply) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const frame = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: object, finish: string | null = null) => ({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  frame(chunk({ role: 'assistant', content: '' }));
  const deltas = deltasOf(reply);
  for (const content of deltas) {
    frame(chunk({ content }));
    // A turn of the event loop between frames, so clients see them as separate deltas.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (reply.ending === 'fail') return res.destroy();
  if (reply.ending === 'hang') return;
  frame(chunk({}, 'stop'));
  frame({
    ...chunk({}),
    choices: [],
    usage: { prompt_tokens: 10, completion_tokens: deltas.length, total_tokens: 10 + deltas.length },
  });
  res.end('data: [DONE]\n\n');
}

// biome-ignore lint/suspicious/noExplicitAny: an OpenAI embeddings request body
function answerEmbeddings(res: ServerResponse, body: any) {
  const inputs: string[] = Array.isArray(body?.input) ? body.input : [body?.input ?? ''];
  sendJson(res, 200, {
    object: 'list',
    model: body?.model,
    data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(input) })),
    usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
  });
}
