import type { TSearchResponse } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaper } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('search (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    // Invented words keep these papers apart from the fixture corpus.
    await buildPaper(t.db, {
      paperId: 'rank.abstract',
      title: 'A study of lattices',
      abstract: 'We mention the glimmerstone conjecture once.',
      publishedDate: '2019-01-01',
    });
    await buildPaper(t.db, {
      paperId: 'rank.title',
      title: 'The glimmerstone conjecture',
      abstract: 'Lattices and more lattices.',
      publishedDate: '2010-01-01',
    });
    await buildPaper(t.db, {
      paperId: 'rank.author',
      title: 'Notes on tilings',
      authors: ['Greta Glimmerstone'],
      publishedDate: '2015-01-01',
    });
    await buildPaper(t.db, {
      paperId: 'phrase.split',
      title: 'Conjecture about the stone of glimmer',
      publishedDate: '2012-01-01',
    });
  });
  afterAll(() => t.close());

  const search = async (body: Record<string, unknown>, url = '/api/search/') => {
    const response = await t.app.inject({ method: 'POST', url, payload: body });
    return { status: response.statusCode, body: response.json() as TSearchResponse };
  };
  const ids = (response: TSearchResponse) => response.results.map((r) => r.paper_id);

  it('ranks a title match above an author match above an abstract match', async () => {
    const { status, body } = await search({ query: 'glimmerstone' });
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['rank.title', 'rank.author', 'rank.abstract']);
    expect(body.total).toBe(3);
    const scores = body.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(body).toMatchObject({ query: 'glimmerstone', sort: 'relevance', summary: null });
  });

  it('sorts by date, newest first, when asked', async () => {
    const { body } = await search({ query: 'glimmerstone', sort: 'date' });
    expect(ids(body)).toEqual(['rank.abstract', 'rank.author', 'rank.title']);
  });

  it('matches a quoted phrase only in that order', async () => {
    const { body } = await search({ query: '"glimmerstone conjecture"' });
    expect(ids(body).sort()).toEqual(['rank.abstract', 'rank.title']);
  });

  it('supports OR and -excluded terms', async () => {
    expect(ids((await search({ query: 'tilings OR lattices -glimmerstone' })).body)).not.toContain('rank.title');
    const either = ids((await search({ query: 'glimmer OR glimmerstone', limit: 100 })).body);
    expect(either).toEqual(expect.arrayContaining(['phrase.split', 'rank.title']));
  });

  it('finds real papers of the shipped corpus', async () => {
    const { body } = await search({ query: 'graph' });
    expect(body.total).toBeGreaterThan(0);
    expect(body.results[0]?.title.toLowerCase()).toContain('graph');
  });

  it('applies limit and offset and keeps the total', async () => {
    const first = (await search({ query: 'glimmerstone', limit: 1 })).body;
    const second = (await search({ query: 'glimmerstone', limit: 1, offset: 1 })).body;
    expect(ids(first)).toEqual(['rank.title']);
    expect(ids(second)).toEqual(['rank.author']);
    expect(second.total).toBe(3);
    const pastEnd = (await search({ query: 'glimmerstone', offset: 50 })).body;
    expect(pastEnd).toMatchObject({ results: [], total: 3 });
  });

  it('answers the path without its trailing slash too', async () => {
    expect((await search({ query: 'glimmerstone' }, '/api/search')).status).toBe(200);
  });

  it('returns no results, not an error, for a query of stop words only', async () => {
    const { status, body } = await search({ query: 'the of and' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 0, results: [] });
  });

  it.each([
    ['an empty query', { query: '' }, 'query'],
    ['a blank query', { query: '   ' }, 'query'],
    ['a missing query', {}, 'query'],
    ['a query that is not text', { query: 42 }, 'query'],
    ['a limit above 100', { query: 'x', limit: 500 }, 'limit'],
    ['a fractional limit', { query: 'x', limit: 1.5 }, 'limit'],
    ['an unknown sort', { query: 'x', sort: 'popularity' }, 'sort'],
    ['an unknown summary type', { query: 'x', summary_type: 'haiku' }, 'summary_type'],
  ])('refuses %s with 400 naming the field', async (_label, body, field) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/search/', payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'INVALID_REQUEST',
      details: { fields: [expect.objectContaining({ in: 'body', field })] },
    });
  });
});
