import { contract, STREAM_DONE, type TStreamEvent } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { createPaperbenchClient, PaperbenchError } from './index';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch that records what it was asked and answers with `respond`'s Response. */
function fakeFetch(respond: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    const request = { url: String(url), init };
    sent.push(request);
    return respond(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sse = (lines: string[]) =>
  new Response(lines.map((data) => `data: ${data}\n\n`).join(''), { headers: { 'content-type': 'text/event-stream' } });
const headerOf = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

async function collect(events: AsyncIterable<TStreamEvent>) {
  const seen: TStreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('createPaperbenchClient', () => {
  it('calls a typed route on the base URL with the token as a bearer credential', async () => {
    const { fetch, sent } = fakeFetch(() => json(200, { folders: [] }));
    const pb = createPaperbenchClient({ baseUrl: 'http://127.0.0.1:3000/', token: 'pbt_secret', fetch });
    const { status, body } = await pb.api.folders.list();
    expect(status).toBe(200);
    expect(body).toEqual({ folders: [] });
    expect(sent[0]?.url).toBe('http://127.0.0.1:3000/api/folders');
    expect(headerOf(sent[0]?.init ?? {}, 'authorization')).toBe('Bearer pbt_secret');
  });

  it('gives a refused call as its status and the error body, without throwing', async () => {
    const { fetch } = fakeFetch(() => json(403, { error: 'FORBIDDEN', message: 'This token lacks the `write` scope' }));
    const pb = createPaperbenchClient({ baseUrl: 'http://127.0.0.1:3000', token: 'pbt_x', fetch });
    const answer = await pb.api.folders.create({ body: { name: 'Reading' } });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'FORBIDDEN' });
  });

  it('streams a route as an async iterator of validated events, ending at [DONE]', async () => {
    const done = {
      type: 'done',
      message_id: 7,
      source: 'extractive',
      abstained: false,
      citations: { supported: [1], unsupported: [] },
    };
    const { fetch, sent } = fakeFetch(() =>
      sse([JSON.stringify({ type: 'delta', content: 'Attention [1].' }), JSON.stringify(done), STREAM_DONE]),
    );
    const pb = createPaperbenchClient({ baseUrl: 'http://127.0.0.1:3000', token: 'pbt_x', fetch });
    const events = await collect(pb.stream(contract.chat.streamChat, { message: 'What is attention?' }));
    expect(events.map((event) => event.type)).toEqual(['delta', 'done']);
    expect(sent[0]?.url).toBe('http://127.0.0.1:3000/api/chat/stream_chat');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ message: 'What is attention?' });
    expect(headerOf(sent[0]?.init ?? {}, 'authorization')).toBe('Bearer pbt_x');
  });

  it('throws a refused stream as a PaperbenchError carrying the server message', async () => {
    const { fetch } = fakeFetch(() =>
      json(401, { error: 'UNAUTHORIZED', message: 'Unknown, expired or revoked token' }),
    );
    const pb = createPaperbenchClient({ baseUrl: 'http://127.0.0.1:3000', token: 'pbt_x', fetch });
    const refused = collect(pb.stream(contract.chat.streamChat, { message: 'q' }));
    await expect(refused).rejects.toBeInstanceOf(PaperbenchError);
    await expect(refused).rejects.toMatchObject({ status: 401, message: 'Unknown, expired or revoked token' });
  });

  it('refuses an event outside the contract and a stream cut before [DONE]', async () => {
    const malformed = fakeFetch(() => sse(['{"type":"delta"}', STREAM_DONE]));
    const cut = fakeFetch(() => sse([JSON.stringify({ type: 'delta', content: 'half' })]));
    const streamOf = (fetch: typeof globalThis.fetch) =>
      createPaperbenchClient({ baseUrl: 'http://127.0.0.1:3000', token: 'pbt_x', fetch }).stream(
        contract.chat.streamChat,
        { message: 'q' },
      );
    await expect(collect(streamOf(malformed.fetch))).rejects.toThrow('cannot read');
    await expect(collect(streamOf(cut.fetch))).rejects.toThrow('stopped before it was finished');
  });
});
