import type { TSearchResponse } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPaper } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { corpusCategories } from './search-categories.repo';

describe.each(testDrivers())('search filters, snippets and did-you-mean (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    // Invented words keep these papers apart from the fixture corpus.
    const paper = (paperId: string, categories: string[], publishedDate: string, title = 'On quorblaxes') =>
      buildPaper(t.db, { paperId, title, categories, publishedDate, abstract: `Quorblax theory, part ${paperId}.` });
    await paper('q.cl', ['cs.CL', 'cs.LG'], '2018-03-01');
    await paper('q.lg', ['cs.LG'], '2018-06-30');
    await paper('q.ag', ['math.AG'], '2018-07-01');
    await paper('q.hep', ['hep-th'], '2017-01-01');
    await paper('q.stat', ['stat.ML', 'cs.LG'], '2019-12-31');
    await buildPaper(t.db, {
      paperId: 'q.tex',
      title: 'Quorblax bounds',
      categories: ['math.CO'],
      publishedDate: '2016-05-05',
      abstract: 'For $n \\ge 2$ we bound the number of quorblaxes; each quorblax has $O(n^2)$ edges.',
    });
    // Before the corpus's categories are first counted (and kept): a filter knows only those.
    for (const category of ['cs.CL', 'cs.DS', 'cs.CV', 'cs.IR', 'cs.NE', 'cs.AI', 'math.CO']) {
      await buildPaper(t.db, { paperId: `w.${category}`, title: 'Wumbrelic', categories: [category] });
    }
  });
  afterAll(() => t.close());

  const search = async (body: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/',
      payload: { query: 'quorblax', ...body },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as TSearchResponse;
  };
  const ids = (response: TSearchResponse) => response.results.map((r) => r.paper_id).sort();

  it('filters by one exact category', async () => {
    expect(ids(await search({ categories: ['cs.CL'] }))).toEqual(['q.cl']);
  });

  it('matches a category case-insensitively', async () => {
    expect(ids(await search({ categories: ['CS.cl'] }))).toEqual(['q.cl']);
  });

  it('lets an archive match every category in it, and several filters match any of them', async () => {
    expect(ids(await search({ categories: ['cs'] }))).toEqual(['q.cl', 'q.lg', 'q.stat']);
    expect(ids(await search({ categories: ['math', 'hep-th'] }))).toEqual(['q.ag', 'q.hep', 'q.tex']);
  });

  it('finds nothing for a well-formed category the corpus does not have', async () => {
    expect(await search({ categories: ['zz.QQ'] })).toMatchObject({ total: 0, results: [], did_you_mean: null });
  });

  it('filters by an inclusive published-date range, alone or with categories', async () => {
    expect(ids(await search({ from: '2018-03-01', to: '2018-07-01' }))).toEqual(['q.ag', 'q.cl', 'q.lg']);
    expect(ids(await search({ from: '2019-12-31' }))).toEqual(['q.stat']);
    expect(ids(await search({ to: '2016-05-05' }))).toEqual(['q.tex']);
    const both = await search({ from: '2018-01-01', to: '2018-12-31', categories: ['cs'] });
    expect(ids(both)).toEqual(['q.cl', 'q.lg']);
    expect(both.total).toBe(2);
  });

  // docs/search.md#filters-in-the-index: with RUM the index decides a filter by the papers' category,
  // archive and year facets; a facet missed at the edge of a block of years, or an archive standing
  // for many categories, loses a paper or lets one through.
  it('finds papers on either side of blocks of years, 1900 and 2156, by every kind of range', async () => {
    const dated = ['1899-12-31', '1900-01-01', '2009-12-31', '2010-01-01', '2027-12-31', '2028-01-01', '2156-01-01'];
    for (const date of dated) {
      await buildPaper(t.db, { paperId: `v.${date}`, title: 'Vextrolum', categories: ['cs.LG'], publishedDate: date });
    }
    const found = async (range: { from?: string; to?: string; categories?: string[] }) =>
      ids(await search({ query: 'vextrolum', ...range })).map((id) => id.slice(2));
    expect(await found({ from: '1899-12-31', to: '1900-01-01' })).toEqual(['1899-12-31', '1900-01-01']);
    expect(await found({ to: '1899-12-31' })).toEqual(['1899-12-31']);
    expect(await found({ from: '2010-01-01' })).toEqual(dated.slice(3));
    expect(await found({ from: '2000-03-01', to: '2009-12-31' })).toEqual(['2009-12-31']);
    expect(await found({ from: '1900-01-01', to: '2155-12-31' })).toEqual(dated.slice(1, 6));
    expect(await found({ from: '2009-06-01', to: '2027-12-30' })).toEqual(['2009-12-31', '2010-01-01']);
    expect(await found({ from: '2027-12-31', to: '2028-01-01' })).toEqual(['2027-12-31', '2028-01-01']);
    expect(await found({ from: '2156-01-01', categories: ['cs'] })).toEqual(['2156-01-01']);
    expect(await found({ from: '2010-01-01', categories: ['math'] })).toEqual([]);
  });

  it("filters by many categories of an archive without the archive's other categories", async () => {
    const named = ['cs.CL', 'cs.DS', 'cs.CV', 'cs.IR', 'cs.NE'];
    const found = async (categories: string[]) =>
      ids(await search({ query: 'wumbrelic', categories })).map((id) => id.slice(2));
    expect(await found(named)).toEqual([...named].sort());
    expect(await found([...named, 'math.CO'])).toEqual([...named, 'math.CO'].sort());
  });

  it('sorts filtered hits by date, newest first, and keeps relevance scores descending', async () => {
    const byDate = await search({ categories: ['cs', 'math'], sort: 'date' });
    expect(byDate.results.map((r) => r.paper_id)).toEqual(['q.stat', 'q.ag', 'q.lg', 'q.cl', 'q.tex']);
    const byRelevance = await search({ categories: ['cs', 'math'] });
    // The only paper with the word in its title (weight A) ranks first.
    expect(byRelevance.results[0]?.paper_id).toBe('q.tex');
    const scores = byRelevance.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(byRelevance.total).toBe(5);
  });

  it('returns the offsets of every matched word in the title and abstract', async () => {
    const [hit] = (await search({ query: 'quorblax bounds', categories: ['math.CO'] })).results;
    if (!hit) throw new Error('no hit');
    const marked = (text: string | null, ranges: [number, number][]) => ranges.map(([s, e]) => text?.slice(s, e));
    expect(marked(hit.title, hit.highlights.title)).toEqual(['Quorblax', 'bounds']);
    // Stemming: quorblaxes and bound match too; the TeX around them is left whole.
    expect(marked(hit.abstract, hit.highlights.abstract)).toEqual(['bound', 'quorblaxes', 'quorblax']);
  });

  it('has no ranges where a hit matched only elsewhere', async () => {
    await buildPaper(t.db, { paperId: 'q.author', title: 'Tilings', authors: ['Zed Quorblaxian'], abstract: 'None.' });
    const [hit] = (await search({ query: 'quorblaxian' })).results;
    expect(hit?.highlights).toEqual({ title: [], abstract: [] });
  });

  it('suggests a corrected query from title words when nothing matches, with its result count', async () => {
    const response = await search({ query: 'latice boltzman' });
    expect(response).toMatchObject({ total: 0, results: [] });
    expect(response.did_you_mean?.query).toBe('lattice boltzmann');
    expect(response.did_you_mean?.total).toBeGreaterThan(0);
    const corrected = await search({ query: response.did_you_mean?.query });
    expect(corrected.total).toBe(response.did_you_mean?.total);
  });

  it('keeps quotes, known words and excluded words as typed when correcting', async () => {
    const response = await search({ query: '"lattice boltzmann" -quantum methd' });
    expect(response.total).toBe(0);
    expect(response.did_you_mean?.query).toBe('"lattice boltzmann" -quantum method');
  });

  it('offers no correction for gibberish, nor when the query had hits', async () => {
    expect((await search({ query: 'zzqxjvwkplorbtsnm' })).did_you_mean).toBeNull();
    expect((await search({ query: 'lattice' })).did_you_mean).toBeNull();
  });

  it('lists the archives of the corpus with their categories and paper counts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search/categories' });
    expect(response.statusCode).toBe(200);
    const { archives } = response.json() as { archives: { archive: string; count: number; categories: unknown[] }[] };
    const cs = archives.find((a) => a.archive === 'cs');
    // q.cl and q.stat carry two categories each but count once for the archive.
    expect(cs?.categories).toEqual(expect.arrayContaining([{ category: 'cs.LG', count: 3 }]));
    expect(cs?.count).toBeGreaterThanOrEqual(3);
    expect(archives.map((a) => a.count)).toEqual([...archives.map((a) => a.count)].sort((a, b) => b - a));
    expect(archives.some((a) => a.archive === 'upload')).toBe(false);
  });

  it('serves the kept categories past their age while counting them again, then the new count', async () => {
    const now = Date.now();
    const known = async (at: number) => (await corpusCategories(t.db, at)).categories.map((c) => c.category);
    expect(await known(now)).not.toContain('zz.QB');
    await buildPaper(t.db, { paperId: 'q.nc', categories: ['zz.QB'] });
    const later = now + 10 * 60_000;
    // Past the age the kept list answers at once, without the new category; the count runs behind it.
    expect(await known(later)).not.toContain('zz.QB');
    await vi.waitFor(async () => expect(await known(later)).toContain('zz.QB'));
  });

  it.each([
    ['from after to', { from: '2019-01-02', to: '2019-01-01' }, 'from', 'from must not be after to'],
    ['an impossible date', { from: '2019-02-30' }, 'from', 'real calendar date'],
    ['a date that is not ISO', { to: '01/02/2019' }, 'to', 'real calendar date'],
    ['an invalid category string', { categories: ['cs.CL; drop table'] }, 'categories.0', 'looks like cs.CL'],
    ['a category that is not text', { categories: [7] }, 'categories.0', 'string'],
    ['too many categories', { categories: Array.from({ length: 21 }, () => 'cs') }, 'categories', 'at most 20'],
    ['an unknown sort', { sort: 'popularity' }, 'sort', 'relevance'],
    ['an over-long query', { query: 'x'.repeat(501) }, 'query', 'at most 500 characters'],
  ])('refuses %s with 400 and a clear message', async (_label, body, field, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/search/', payload: { query: 'x', ...body } });
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error).toMatchObject({
      error: 'INVALID_REQUEST',
      details: { fields: [expect.objectContaining({ field })] },
    });
    expect(error.message).toContain(message);
  });
});
