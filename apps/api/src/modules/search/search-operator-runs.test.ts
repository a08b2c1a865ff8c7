import type { TSearchResponse } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGrant, buildPaper, buildUser } from '../../test-support/factories';
import { OPERATOR_RUNS } from '../../test-support/operator-runs';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/**
 * docs/search.md#syntax: whatever a user types into a search box is searched (200), never a 500. Runs of
 * operators once overflowed websearch_to_tsquery's stack of negations: without an id, on every route that
 * reads web-search syntax.
 */
describe.each(testDrivers())('search boxes take runs of operators (%s)', (driver) => {
  let t: TestApp;
  let user: { id: number; token: string };
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    await buildPaper(t.db, { paperId: 'run.match', title: 'The quillfeather conjecture' });
    await buildPaper(t.db, { paperId: 'run.other', title: 'Lattices without it' });
    await buildGrant(t.db, { title: 'Quillfeather studies' });
    user = await buildUser(t.db);
  });
  afterAll(() => t.close());

  const asUser = () => ({ 'x-user-id': user.token });
  const routes: [string, (text: string) => Promise<{ statusCode: number; body: string }>][] = [
    [
      'POST /api/search/ by relevance',
      (query) => t.app.inject({ method: 'POST', url: '/api/search/', payload: { query } }),
    ],
    [
      'POST /api/search/ by date',
      (query) => t.app.inject({ method: 'POST', url: '/api/search/', payload: { query, sort: 'date' } }),
    ],
    [
      'POST /api/improved-grant-search/search',
      (query) => t.app.inject({ method: 'POST', url: '/api/improved-grant-search/search', payload: { query } }),
    ],
    [
      'POST /api/improved-conversational/search',
      (text) =>
        t.app.inject({
          method: 'POST',
          url: '/api/improved-conversational/search',
          payload: { turns: [{ role: 'user', text }] },
        }),
    ],
    [
      'GET /api/conversational/search_suggestions',
      (q) => t.app.inject({ url: `/api/conversational/search_suggestions?q=${encodeURIComponent(q)}` }),
    ],
    [
      'GET /api/papers?keyword=',
      (keyword) => t.app.inject({ url: `/api/papers?keyword=${encodeURIComponent(keyword)}` }),
    ],
    [
      'a followed topic, in GET /api/monitor and GET /api/feed/daily',
      async (topic) => {
        const follow = await t.app.inject({
          method: 'POST',
          url: '/api/topics',
          payload: { topic },
          headers: asUser(),
        });
        expect(follow.statusCode, follow.body).toBeLessThan(300);
        const monitor = await t.app.inject({ url: '/api/monitor', headers: asUser() });
        const feed = await t.app.inject({ url: '/api/feed/daily', headers: asUser() });
        await t.app.inject({ method: 'DELETE', url: `/api/topics/${encodeURIComponent(topic)}`, headers: asUser() });
        return monitor.statusCode === 200 ? feed : monitor;
      },
    ],
  ];

  it.each(routes)('%s answers every run with 200', async (_route, send) => {
    const failed: string[] = [];
    for (const text of OPERATOR_RUNS) {
      const response = await send(text);
      if (response.statusCode !== 200) failed.push(`${JSON.stringify(text)} → ${response.statusCode} ${response.body}`);
    }
    expect(failed).toEqual([]);
  });

  const ids = (body: string) => (JSON.parse(body) as TSearchResponse).results.map((hit) => hit.paper_id);

  it('reads an even run of dashes before a word as the word, and an odd run as its exclusion, as PostgreSQL does', async () => {
    const search = (query: string) => t.app.inject({ method: 'POST', url: '/api/search/', payload: { query } });
    expect(ids((await search(`${'-'.repeat(40)}quillfeather`)).body)).toEqual(['run.match']);
    expect(ids((await search(`lattices ${'- '.repeat(41)}quillfeather`)).body)).toEqual(['run.other']);
  });
});
