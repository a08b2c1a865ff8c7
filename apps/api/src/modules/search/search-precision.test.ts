import type { TSearchResponse } from '@paperbench/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/execute-result';
import { papers } from '../../db/schema';
import type { NewPaper } from '../../ingest/arxiv-record';
import { buildPaper } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { keepWindow, recallWindow } from './ranked-window-cache';
import {
  CORPUS_LIMITS,
  type CorpusLimits,
  countMatches,
  KEPT_DEPTH,
  RANK_WINDOW,
  searchPapers,
  windowKey,
} from './search.repo';
import { ensureSearchIndex } from './search-index.repo';

/** Papers of one invented word, enough to page past the rank window; numbered so their order can be checked. */
const DEEP = 1_050;
const deepPaper = (n: number): NewPaper => ({
  platform: 'arxiv',
  paperId: `deep.${String(n).padStart(4, '0')}`,
  title: n % 7 === 0 ? `Quorvath lattices number ${n}` : `Notes number ${n}`,
  authors: ['Deep Pager'],
  // Repetition varies the rank, so the window's re-ranking has something to order.
  abstract: `${'quorvath '.repeat(1 + (n % 5))}appears here.`,
  categories: ['math.CO'],
  publishedDate: `20${String(10 + (n % 10)).padStart(2, '0')}-0${1 + (n % 9)}-15`,
  pdfUrl: null,
});

describe.each(testDrivers())('search precision, depth and plans (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    // Invented words keep these papers apart from the fixture corpus; the stemmer folds each pair.
    await buildPaper(t.db, { paperId: 'exact.stem', title: 'Flurbinator theory', abstract: 'On one flurbinator.' });
    await buildPaper(t.db, { paperId: 'exact.typed', title: 'Many flurbinators', abstract: 'On flurbinators.' });
    await buildPaper(t.db, {
      paperId: 'real.transforms',
      title: 'Transforms of the qwzx family',
      abstract: 'Qwzx transforms, transforms and more transforms of the qwzx.',
    });
    await buildPaper(t.db, { paperId: 'real.transformer', title: 'A qwzx transformer', abstract: 'Nothing else.' });
    await buildPaper(t.db, {
      paperId: 'title.phrase',
      title: 'Vembric language models for proteins',
      abstract: 'We study proteins.',
    });
    await buildPaper(t.db, {
      paperId: 'title.scattered',
      title: 'Models of language in vembric cells',
      abstract: 'Vembric language models, vembric models, language and vembric language models again.',
    });
    for (let from = 0; from < DEEP; from += 250) {
      const batch = Array.from({ length: Math.min(250, DEEP - from) }, (_, i) => deepPaper(from + i));
      await t.db.insert(papers).values(batch);
    }
  });
  afterAll(() => t.close());

  const search = async (body: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/search/', payload: body });
    expect(response.statusCode).toBe(200);
    return response.json() as TSearchResponse;
  };
  const ids = (response: TSearchResponse) => response.results.map((r) => r.paper_id);

  it('ranks the word as typed above its stemmed relatives, both ways', async () => {
    expect(ids(await search({ query: 'flurbinators' }))).toEqual(['exact.typed', 'exact.stem']);
    expect(ids(await search({ query: 'flurbinator' }))).toEqual(['exact.stem', 'exact.typed']);
    // "transformer" over "Transforms", though the latter says its stem four times.
    expect(ids(await search({ query: 'qwzx transformer' }))).toEqual(['real.transformer', 'real.transforms']);
  });

  it('matches a quoted phrase exactly, unstemmed, and excludes a quoted phrase exactly', async () => {
    const quoted = await search({ query: '"flurbinators"' });
    expect(ids(quoted)).toEqual(['exact.typed']);
    expect(quoted.total).toBe(1);
    expect(ids(await search({ query: '"qwzx transformer"' }))).toEqual(['real.transformer']);
    expect(ids(await search({ query: 'flurbinator -"flurbinators"' }))).toEqual(['exact.stem']);
    // A phrase and a word: both must match, the word stemmed ("nothings" finds "Nothing").
    expect(ids(await search({ query: '"qwzx transformer" nothings' }))).toEqual(['real.transformer']);
    expect(ids(await search({ query: '"qwzx transformer" flurbinator' }))).toEqual([]);
    expect((await search({ query: '"qwzx transformer" nothings', sort: 'date' })).total).toBe(1);
    // A phrase ORed with a word: either the exact phrase or the (stemmed) word.
    expect(ids(await search({ query: '"flurbinators" OR qwzx' })).sort()).toEqual([
      'exact.typed',
      'real.transformer',
      'real.transforms',
    ]);
  });

  it('puts a title holding the query as a phrase first', async () => {
    const { results } = await search({ query: 'vembric language models' });
    expect(results.map((r) => r.paper_id)).toEqual(['title.phrase', 'title.scattered']);
  });

  it('pages past 30 and past the rank window, every match once, with the exact total', async () => {
    const seen: string[] = [];
    // GIN counts while choosing its window; the page past the last match is counted on its own.
    const totals = new Set<number>();
    for (let offset = 0; offset < DEEP + 30; offset += 30) {
      const page = await search({ query: 'quorvath', limit: 30, offset });
      totals.add(page.total);
      seen.push(...ids(page));
    }
    expect([...totals]).toEqual([DEEP]);
    expect(seen).toHaveLength(DEEP);
    expect(new Set(seen).size).toBe(DEEP);
    // Pages of another size cut the same order.
    const big = [...ids(await search({ query: 'quorvath', limit: 100, offset: 900 }))];
    big.push(...ids(await search({ query: 'quorvath', limit: 100, offset: 1000 })));
    expect(big).toEqual(seen.slice(900, 1100));
    // Inside the window the order is the full score; titles holding the word come first.
    // (a seventh of the papers: GIN's window of the newest 300 holds about 43 of them, RUM's all).
    const first = await search({ query: 'quorvath', limit: 100 });
    expect(first.results.slice(0, 30).every((r) => r.title.startsWith('Quorvath'))).toBe(true);
    const scores = first.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(first.ranking.ranked).toBe(Math.min(DEEP, RANK_WINDOW[first.ranking.index]));
  });

  it('estimates the total of a query too common to count on a large corpus, and counts every other exactly', async () => {
    await t.db.execute(sql`analyze papers`);
    const none = { categories: null };
    // The shipped limits: this corpus is small, so every total is counted.
    expect(await countMatches(t.db, 'quorvath', none)).toEqual({ total: DEEP, estimated: false });
    expect(CORPUS_LIMITS.estimatedFrom).toBeGreaterThan(25_000);
    // As if the corpus were large and 500 matches too many to count: the planner's estimate, marked.
    const large = { ...CORPUS_LIMITS, estimatedFrom: 0, exactUpTo: 500, indexedUpTo: 100 };
    const estimated = await countMatches(t.db, 'quorvath', none, large);
    expect(estimated.estimated).toBe(true);
    expect(estimated.total).toBeGreaterThan(500);
    expect(estimated.total).toBeLessThan(DEEP * 3);
    // A rare query under the same limits is still counted exactly.
    expect(await countMatches(t.db, 'flurbinators', none, large)).toEqual({ total: 2, estimated: false });
    expect((await search({ query: 'quorvath' })).total_estimated).toBe(false);
    // The GIN plan counts while choosing its window on a small corpus; on a large one the estimate
    // stands, as with RUM, and the page is the same.
    const gin = (limits: CorpusLimits) =>
      searchPapers(t.db, { query: 'quorvath', sort: 'relevance', limit: 30, offset: 0, index: 'gin', ...none, limits });
    const counted = await gin(CORPUS_LIMITS);
    expect(counted).toMatchObject({ total: DEEP, estimated: false });
    const onLarge = await gin(large);
    expect(onLarge).toMatchObject({ total: estimated.total, estimated: true });
    expect(onLarge.rows.map((r) => r.paperId)).toEqual(counted.rows.map((r) => r.paperId));
  });

  it('counts words alone from the full-text index where the planner thinks them rarer than they are', async () => {
    await t.db.execute(sql`analyze papers`);
    const none = { categories: null };
    // As if the corpus were large, with the planner's estimate of 'quorvath' (about DEEP) under exactUpTo.
    const large = { ...CORPUS_LIMITS, estimatedFrom: 0, exactUpTo: DEEP * 5, indexedUpTo: 500 };
    expect(await countMatches(t.db, 'quorvath', none, large)).toEqual({ total: DEEP, estimated: true });
    expect(await countMatches(t.db, 'quorvath OR flurbinator', none, large)).toEqual({
      total: DEEP + 2,
      estimated: true,
    });
    // Under indexedUpTo it is counted exactly.
    expect(await countMatches(t.db, 'flurbinator', none, large)).toEqual({ total: 2, estimated: false });
    // A filter, an exclusion or a phrase is decided row by row: those are counted exactly.
    const lattices = DEEP / 7;
    expect(await countMatches(t.db, 'quorvath', { categories: ['math.CO'] }, large)).toEqual({
      total: DEEP,
      estimated: false,
    });
    expect(await countMatches(t.db, 'quorvath', { categories: null, from: '2015-01-01' }, large)).toEqual({
      total: DEEP / 2,
      estimated: false,
    });
    expect(await countMatches(t.db, 'quorvath -lattices', none, large)).toEqual({
      total: DEEP - lattices,
      estimated: false,
    });
    expect(await countMatches(t.db, '"quorvath lattices"', none, large)).toEqual({ total: lattices, estimated: false });
    // A lone phrase: RUM matches it from the positions it keeps, so its index counts it; GIN's phrase
    // matches are each read again, so there it is counted exactly.
    const rum = (await ensureSearchIndex(t.db)) === 'rum';
    expect(await countMatches(t.db, '"quorvath appears"', none, large)).toEqual({ total: DEEP, estimated: rum });
    expect(await countMatches(t.db, '"quorvath appears" -lattices', none, large)).toEqual({
      total: DEEP - lattices,
      estimated: false,
    });
    // The search answers with the index's count, marked as an estimate, and its first page as ever
    // (on GIN: RUM would keep the window, which the next tests want to find empty).
    const page = await searchPapers(t.db, {
      query: 'quorvath',
      sort: 'relevance',
      limit: 30,
      offset: 0,
      index: 'gin',
      ...none,
      limits: large,
    });
    expect(page).toMatchObject({ total: DEEP, estimated: true });
    expect(page.rows).toHaveLength(30);
  });

  it('serves the pages of a kept window (a query too common to count) without ranking again', async () => {
    if ((await search({ query: 'flurbinator' })).ranking.index !== 'rum') return;
    // As if 'flurbinator' had been ranked and estimated on a large corpus: its window, reversed.
    const keys = [
      { platform: 'arxiv', paperId: 'exact.typed', score: 0.2 },
      { platform: 'arxiv', paperId: 'exact.stem', score: 0.1 },
    ];
    keepWindow(
      t.db,
      windowKey('flurbinator', { categories: null, from: undefined, to: undefined, author: null }, 'relevance'),
      {
        keys,
        total: 40_000,
        depth: RANK_WINDOW.rum,
        estimated: true,
      },
    );
    const first = await search({ query: 'flurbinator', limit: 1 });
    expect(ids(first)).toEqual(['exact.typed']);
    expect(first.results[0]?.score).toBe(0.2);
    expect(first).toMatchObject({ total: 40_000, total_estimated: true });
    expect(ids(await search({ query: 'flurbinator', limit: 1, offset: 1 }))).toEqual(['exact.stem']);
  });

  it("keeps a common query's order 1,000 deep once it is paged past its window: the pages read directly", async () => {
    if ((await search({ query: 'quorvath' })).ranking.index !== 'rum') return;
    await t.db.execute(sql`analyze papers`);
    const none = { categories: null };
    const page = (offset: number, limits?: CorpusLimits) =>
      searchPapers(t.db, { query: 'quorvath', sort: 'relevance', limit: 30, offset, index: 'rum', ...none, limits });
    const key = windowKey('quorvath', none, 'relevance');
    const direct: { id: string; score: number }[] = [];
    for (let offset = 0; offset < KEPT_DEPTH; offset += 30) {
      direct.push(...(await page(offset)).rows.map((row) => ({ id: row.paperId, score: row.score })));
    }
    expect(recallWindow(t.db, key)).toBeUndefined();
    // As if the corpus were large: Load more, page after page, from the kept order.
    const large = { ...CORPUS_LIMITS, estimatedFrom: 0, exactUpTo: 500, indexedUpTo: 100 };
    const kept: typeof direct = [];
    for (let offset = 0; offset < KEPT_DEPTH; offset += 30) {
      const answer = await page(offset, large);
      expect(answer.estimated).toBe(true);
      kept.push(...answer.rows.map((row) => ({ id: row.paperId, score: row.score })));
      const depth = recallWindow(t.db, key)?.keys.length;
      expect(depth).toBe(offset + 30 <= RANK_WINDOW.rum ? RANK_WINDOW.rum : KEPT_DEPTH);
    }
    expect(kept.map((row) => row.id)).toEqual(direct.map((row) => row.id));
    for (const [i, row] of kept.entries()) expect(row.score).toBeCloseTo(direct[i]?.score ?? Number.NaN, 6);
  });

  it('keeps the window of a query counted exactly past the estimate threshold, with its exact total', async () => {
    if ((await search({ query: 'quorvath' })).ranking.index !== 'rum') return;
    // As if a filter had made the planner think it rare: counted exactly, yet as costly as a common one.
    const counted = { ...CORPUS_LIMITS, estimatedFrom: Number.POSITIVE_INFINITY, exactUpTo: 500 };
    const page = (query: string, offset: number) =>
      searchPapers(t.db, {
        query,
        sort: 'relevance',
        limit: 30,
        offset,
        index: 'rum',
        categories: null,
        limits: counted,
      });
    // The plural: the same matches as the other tests' `quorvath`, under a window key of its own.
    expect(await page('quorvaths', 0)).toMatchObject({ total: DEEP, estimated: false });
    expect(recallWindow(t.db, windowKey('quorvaths', { categories: null }, 'relevance'))).toMatchObject({
      total: DEEP,
      estimated: false,
    });
    expect(await page('quorvaths', 30)).toMatchObject({ total: DEEP, estimated: false });
    // A query counted below the threshold is cheap to rank again and is not kept.
    expect(await page('flurbinators', 0)).toMatchObject({ total: 2, estimated: false });
    expect(recallWindow(t.db, windowKey('flurbinators', { categories: null }, 'relevance'))).toBeUndefined();
  });

  it('pages by date too, newest first', async () => {
    const early = await search({ query: 'quorvath', sort: 'date', limit: 100, offset: 950 });
    const dates = early.results.map((r) => r.published_date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(early.results).toHaveLength(100);
    expect(early.ranking.ranked).toBe(0);
  });

  it('says which plan ranked the results: RUM where the server has it, else GIN', async () => {
    const expected = driver === 'postgres' && (await rumAvailable(t)) ? 'rum' : 'gin';
    expect((await search({ query: 'quorvath' })).ranking.index).toBe(expected);
    // With RUM the exact vector is indexed by it (migration 20261124130206), else by GIN.
    const names = rowsOf<{ indexname: string }>(
      await t.db.execute(sql`select indexname from pg_indexes where tablename = 'papers'`),
    ).map((row) => row.indexname);
    expect(names).toContain(expected === 'rum' ? 'papers_exact_vector_rum_idx' : 'papers_exact_vector_idx');
    expect(names).not.toContain(expected === 'rum' ? 'papers_exact_vector_idx' : 'papers_exact_vector_rum_idx');
  });
});

async function rumAvailable(t: TestApp): Promise<boolean> {
  const result = await t.db.execute(sql`select count(*)::int as n from pg_available_extensions where name = 'rum'`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n === 1;
}

// docs/search.md#plans: both plans answer the same matches in CI (the RUM package is installed there).
describe.runIf(testDrivers().includes('postgres'))(
  'the GIN plan on PostgreSQL, and the RUM index created at start',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('postgres');
      await buildPaper(t.db, { paperId: 'plan.title', title: 'Snarlwick graphs', abstract: 'On graphs.' });
      await buildPaper(t.db, { paperId: 'plan.abstract', title: 'Graphs', abstract: 'A snarlwick or two.' });
      // Without the indexes (a server that lacks the extension) search must take the GIN plan.
      await t.db.execute(sql`drop index if exists papers_search_facets_rum_idx`);
      await t.db.execute(sql`drop index if exists papers_exact_vector_rum_idx`);
      await t.db.execute(sql`create index if not exists papers_exact_vector_idx on papers using gin (exact_vector)`);
    });
    afterAll(() => t.close());

    it('ranks a capped candidate set from GIN, then uses RUM once the start-up check creates the index', async () => {
      const gin = (await t.app.inject({ method: 'POST', url: '/api/search/', payload: { query: 'snarlwick' } })).json();
      expect(gin.ranking).toEqual({ index: 'gin', ranked: 2 });
      expect(gin.results.map((r: { paper_id: string }) => r.paper_id)).toEqual(['plan.title', 'plan.abstract']);
      if (!(await rumAvailable(t))) return;
      expect(await ensureSearchIndex(t.db)).toBe('rum');
      // Phrases are matched from RUM's positions: the exact vector's GIN index gives way to RUM.
      const indexes = await t.db.execute(sql`select indexname from pg_indexes where tablename = 'papers'`);
      const names = rowsOf<{ indexname: string }>(indexes).map((row) => row.indexname);
      expect(names).toContain('papers_exact_vector_rum_idx');
      expect(names).not.toContain('papers_exact_vector_idx');
      // docs/search.md#filters-in-the-index: the ranked document's index, with the facets.
      expect(names).toContain('papers_search_facets_rum_idx');
      const phrase = await t.app.inject({
        method: 'POST',
        url: '/api/search/',
        payload: { query: '"snarlwick graphs"' },
      });
      expect(phrase.json().results.map((r: { paper_id: string }) => r.paper_id)).toEqual(['plan.title']);
      const rum = (await t.app.inject({ method: 'POST', url: '/api/search/', payload: { query: 'snarlwick' } })).json();
      expect(rum.ranking).toEqual({ index: 'rum', ranked: 2 });
      expect(rum.results.map((r: { paper_id: string }) => r.paper_id)).toEqual(['plan.title', 'plan.abstract']);
    });
  },
);
