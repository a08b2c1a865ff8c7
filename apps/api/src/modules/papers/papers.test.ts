import type { TPaper } from '@paperbench/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperClicks } from '../../db/schema';
import { buildPaper } from '../../test-support/factories';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('papers (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const response = await t.app.inject({ url: `/api/papers${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as TPaper[];
  };

  it('counts the corpus', async () => {
    const response = await t.app.inject({ url: '/api/papers/count' });
    expect(response.json()).toBe(200);
  });

  it('lists 10 papers, newest first, in the spec shape', async () => {
    const papers = await list();
    expect(papers).toHaveLength(10);
    const dates = papers.map((paper) => paper.published_date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(papers[0]).toMatchObject({
      paper_id: expect.any(String),
      platform: 'arxiv',
      title: expect.any(String),
      authors: expect.any(Array),
      categories: expect.any(Array),
      pdf_url: expect.stringMatching(/^https:\/\/arxiv\.org\/pdf\//),
    });
    expect(papers[0]).not.toHaveProperty('search_vector');
  });

  it('pages with limit and offset without overlap or gaps', async () => {
    const firstTwenty = await list('?limit=20');
    const secondPage = await list('?limit=10&offset=10');
    expect(secondPage.map((p) => p.paper_id)).toEqual(firstTwenty.slice(10).map((p) => p.paper_id));
  });

  it('returns a short page at the end of the corpus', async () => {
    expect(await list('?limit=10&offset=195')).toHaveLength(5);
    expect(await list('?offset=5000')).toEqual([]);
  });

  it('filters by keyword with the search syntax', async () => {
    await buildPaper(t.db, { title: 'Quasicrystal tilings of the xylophonic plane' });
    const papers = await list('?keyword=xylophonic');
    expect(papers.map((p) => p.title)).toEqual(['Quasicrystal tilings of the xylophonic plane']);
    expect(await list('?keyword=%20%20')).toHaveLength(10);
  });

  it.each([['limit=0'], ['limit=101'], ['limit=abc'], ['limit=2.5'], ['offset=-1'], ['offset=100001']])(
    'refuses %s with 400 naming the field',
    async (query) => {
      const response = await t.app.inject({ url: `/api/papers?${query}` });
      expect(response.statusCode).toBe(400);
      const field = query.split('=')[0];
      expect(response.json()).toMatchObject({
        error: 'INVALID_REQUEST',
        message: expect.stringContaining(field as string),
        details: { fields: [expect.objectContaining({ in: 'query', field })] },
      });
    },
  );

  it('records a click for a known paper, with the caller when known', async () => {
    const paper = await buildPaper(t.db);
    const id = await issueUserId(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/papers/click/${paper.paperId}?platform=arxiv`,
      headers: { 'x-user-id': id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const clicks = await t.db.select().from(paperClicks).where(eq(paperClicks.paperId, paper.paperId));
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.userId).toEqual(expect.any(Number));
  });

  it('defaults the click platform to arxiv and accepts old-style ids with a slash', async () => {
    const paper = await buildPaper(t.db, { paperId: 'math/0601001' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/papers/click/${encodeURIComponent(paper.paperId)}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a click on an unknown paper with 404 and writes nothing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/papers/click/9999.99999?platform=arxiv' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Paper arxiv/9999.99999 not found' });
    const clicks = await t.db
      .select()
      .from(paperClicks)
      .where(and(eq(paperClicks.platform, 'arxiv'), eq(paperClicks.paperId, '9999.99999')));
    expect(clicks).toEqual([]);
  });

  it('refuses a malformed platform', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/papers/click/1234.5678?platform=no%20spaces' });
    expect(response.statusCode).toBe(400);
  });
});
