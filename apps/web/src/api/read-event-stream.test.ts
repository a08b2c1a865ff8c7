// @vitest-environment jsdom
import { contract, type TStreamEvent } from '@paperbench/contract';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER_ID } from '../test/mock-api';
import { sseFrame, sseResponse } from '../test/sse-response';
import { readEventStream } from './read-event-stream';

async function collect(frames: string[]) {
  localStorage.setItem('X-User-ID', TEST_USER_ID);
  const fetchMock = vi.fn(async () => sseResponse(frames).response);
  vi.stubGlobal('fetch', fetchMock);
  const events: TStreamEvent[] = [];
  const stream = readEventStream(contract.chat.streamChat, { message: 'Q' }, new AbortController().signal);
  for await (const event of stream) events.push(event);
  return { events, fetchMock };
}

describe('readEventStream', () => {
  it('POSTs with X-User-ID and yields the events in order until [DONE]', async () => {
    const delta: TStreamEvent = { type: 'delta', content: 'Hi' };
    const { events, fetchMock } = await collect([sseFrame(delta), sseFrame('[DONE]'), sseFrame(delta)]);
    expect(events).toEqual([delta]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chat/stream_chat');
    expect(new Headers(init.headers).get('x-user-id')).toBe(TEST_USER_ID);
    expect(JSON.parse(String(init.body))).toEqual({ message: 'Q' });
  });

  it('refuses an event outside the contract, and a stream that ends without [DONE]', async () => {
    await expect(collect(['data: {"type":"delta"}\n\n'])).rejects.toThrow('cannot read');
    await expect(collect([sseFrame({ type: 'delta', content: 'x' })])).rejects.toThrow('before it was finished');
  });
});
