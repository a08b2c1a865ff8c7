import { afterEach, describe, expect, it } from 'vitest';
import { ArxivUnavailable, createArxivHttp, retryAfterMs, type Timing } from './arxiv-http';
import { type ReplayServer, type Reply, startReplayServer } from './replay-server';

/** A clock that only moves when the code under test sleeps: waits are asserted, never waited. */
function fakeTiming(start = Date.parse('2026-11-23T10:00:00Z')) {
  const sleeps: number[] = [];
  let now = start;
  const timing: Timing = {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return { timing, sleeps };
}

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  it.each([
    ['120', 120_000],
    ['Mon, 23 Nov 2026 10:00:30 GMT', 30_000],
    ['Mon, 23 Nov 2026 09:00:00 GMT', 0],
    ['soon', null],
    [null, null],
  ])('%s → %s ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});

describe('createArxivHttp', () => {
  let server: ReplayServer | undefined;
  afterEach(async () => server?.close());

  const serve = async (replies: Reply[]) => {
    server = await startReplayServer(() => replies.shift() ?? 'ok');
    return server.url;
  };

  it('waits as long as a 503 Retry-After says (seconds, then an HTTP date), then gets the page', async () => {
    const { timing, sleeps } = fakeTiming();
    const url = await serve([
      { status: 503, headers: { 'retry-after': '7' } },
      { status: 503, headers: { 'retry-after': new Date(Date.parse('2026-11-23T10:00:07Z') + 20_000).toUTCString() } },
      'page',
    ]);
    const http = createArxivHttp({ intervalMs: 0, timing });
    expect(await http.get(url)).toBe('page');
    expect(sleeps).toEqual([7000, 20_000]);
  });

  it('backs off exponentially on other failures and gives up after the retry cap', async () => {
    const { timing, sleeps } = fakeTiming();
    const url = await serve(['destroy', { status: 500 }, { status: 502 }, 'destroy', 'never reached']);
    const http = createArxivHttp({ intervalMs: 0, maxRetries: 3, backoffMs: 1000, timing });
    await expect(http.get(url)).rejects.toThrow(ArxivUnavailable);
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(server?.requests).toHaveLength(4);
  });

  it('fails at once on a client error', async () => {
    const { timing, sleeps } = fakeTiming();
    const url = await serve([{ status: 404 }]);
    await expect(createArxivHttp({ intervalMs: 0, timing }).get(url)).rejects.toThrow(/HTTP 404/);
    expect(sleeps).toEqual([]);
  });

  it('spaces ten concurrent requests by the interval, one after the other (docs/security.md#outbound-requests-to-arxiv)', async () => {
    const { timing, sleeps } = fakeTiming();
    const url = await serve(Array.from({ length: 10 }, (_, i) => `page ${i}`));
    const http = createArxivHttp({ intervalMs: 3000, timing });
    const pages = await Promise.all(Array.from({ length: 10 }, () => http.get(url)));
    expect(new Set(pages).size).toBe(10);
    // The first goes at once; each other waits one interval after the one before it went.
    expect(sleeps).toEqual(Array.from({ length: 9 }, () => 3000));
  });

  it('spaces requests by the configured interval', async () => {
    const { timing, sleeps } = fakeTiming();
    const url = await serve(['a', 'b', 'c']);
    const http = createArxivHttp({ intervalMs: 3000, timing });
    for (const expected of ['a', 'b', 'c']) expect(await http.get(url)).toBe(expected);
    expect(sleeps).toEqual([3000, 3000]);
  });
});
