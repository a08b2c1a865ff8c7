import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../../db/schema';
import type { NewPaper } from '../../ingest/arxiv-record';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { keepWindow, recallWindow } from './ranked-window-cache';
import { CORPUS_LIMITS, type CorpusLimits, KEPT_DEPTH, type SearchPage, searchPapers, windowKey } from './search.repo';
import { newestEdge, newestSpans } from './search-date.repo';
import { searchIndexOf } from './search-index.repo';

/** A page of 10 by date, as searchPapers answers it: the papers' ids and the total. */
async function datePage(t: TestApp, query: string, offset: number, limits: CorpusLimits) {
  const request: SearchPage = {
    query,
    sort: 'date',
    limit: 10,
    offset,
    categories: null,
    index: await searchIndexOf(t.db),
    limits,
  };
  const { rows, total, estimated } = await searchPapers(t.db, request);
  return { ids: rows.map((row) => row.paperId), total, estimated };
}

/** The date from which the newest papers should hold `needed` matches, as datePage sizes a page's range. */
async function newestRange(t: TestApp, matches: SQL, needed: number, limits: CorpusLimits) {
  const span = (await newestSpans(t.db, matches, limits))(needed);
  return span === undefined ? undefined : newestEdge(t.db, span);
}

const keptByDate = (t: TestApp, query: string) => recallWindow(t.db, windowKey(query, { categories: null }, 'date'));

/** Paper `n` of `word`, twelve a day from January 1st (so the range's edge day is shared). */
const dated = (word: string, n: number, year = 2020): NewPaper => ({
  platform: 'arxiv',
  paperId: `${word}.${String(n).padStart(3, '0')}`,
  title: `Notes ${n} on ${word}`,
  authors: ['Date Order'],
  abstract: `The ${word} appears here.`,
  categories: ['math.CO'],
  publishedDate: new Date(Date.UTC(year, 0, 1 + Math.floor(n / 12))).toISOString().slice(0, 10),
  pdfUrl: null,
});

// docs/search.md#by-date: on a large corpus a page by date is read from a range of the newest papers,
// sized by the planner's estimate, and read again without it when the range falls short. These
// limits make this small corpus "large", with a short walk, so both happen here.
const RANGED = { ...CORPUS_LIMITS, estimatedFrom: 0, newestWalk: 10 };

describe.each(testDrivers())('search by date, newest first (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    // `zindrel` in one of four of the newest 480 papers; `vorpid` as often, but only in old ones,
    // so a range sized by its share of the corpus holds none of its matches.
    const rows = Array.from({ length: 480 }, (_, n) => dated(n % 4 === 0 ? 'zindrel' : 'filler', n));
    rows.push(...Array.from({ length: 120 }, (_, n) => dated('vorpid', n, 2001)));
    for (let from = 0; from < rows.length; from += 200) await t.db.insert(papers).values(rows.slice(from, from + 200));
    await t.db.execute(sql`analyze papers`);
  });
  afterAll(() => t.close());

  const page = (query: string, offset: number, limits = CORPUS_LIMITS) => datePage(t, query, offset, limits);
  const matching = (word: string) => sql`search_vector @@ to_tsquery('english', ${word})`;

  it('sizes the range of the newest papers by the matches the page needs', async () => {
    const since = await newestRange(t, matching('zindrel'), 20, RANGED);
    expect(since).toMatch(/^2020-0[12]-\d\d$/);
    // The range holds the page's matches twice over (NEWEST_RANGE_MARGIN), the edge day whole.
    const [held] = await t.db
      .select({ matches: sql<number>`count(*)::int` })
      .from(papers)
      .where(sql`${matching('zindrel')} and ${papers.publishedDate} >= ${since}`);
    expect(held?.matches).toBeGreaterThanOrEqual(20);
    expect(held?.matches).toBeLessThan(120);
  });

  it('reads no range where the walk is short, the range most of the corpus, or the corpus small', async () => {
    expect(await newestRange(t, matching('zindrel'), 1, RANGED)).toBeUndefined();
    expect(await newestRange(t, matching('zindrel'), 200, RANGED)).toBeUndefined();
    expect(await newestRange(t, matching('zindrel'), 20, CORPUS_LIMITS)).toBeUndefined();
  });

  it('pages through a range as through every match: same papers, same order, ties on a day included', async () => {
    for (const offset of [0, 10, 20]) {
      const ranged = await page('zindrel', offset, RANGED);
      expect(ranged.ids).toHaveLength(10);
      expect(ranged).toEqual(await page('zindrel', offset));
    }
    const first = await page('zindrel', 0, RANGED);
    expect(first.ids.every((id) => id.startsWith('zindrel.'))).toBe(true);
  });

  it('reads the page again without the range when the range holds too few matches', async () => {
    // vorpid's share sizes a range of the newest papers, which are all of 2020.
    expect(await newestRange(t, matching('vorpid'), 20, RANGED)).toMatch(/^2020-/);
    for (const offset of [0, 10]) {
      const ranged = await page('vorpid', offset, RANGED);
      expect(ranged.ids).toHaveLength(10);
      expect(ranged.ids.every((id) => id.startsWith('vorpid.'))).toBe(true);
      expect(ranged).toEqual(await page('vorpid', offset));
    }
  });

  it('keeps the newest matches at a Load more that needs a range, and cuts the later pages from them', async () => {
    // Read directly first: these pages are what the kept ones must be.
    const direct = [];
    for (let offset = 0; offset < 120; offset += 10) direct.push((await page('zindrel', offset)).ids);
    expect(keptByDate(t, 'zindrel')).toBeUndefined();
    // As if the corpus were large and zindrel too common to count.
    const large = { ...RANGED, exactUpTo: 50 };
    expect((await page('zindrel', 0, large)).ids).toEqual(direct[0]);
    expect(keptByDate(t, 'zindrel')).toBeUndefined(); // a first page is read alone
    const second = await page('zindrel', 10, large);
    expect(second).toMatchObject({ ids: direct[1], estimated: true });
    // Its matches are few (no range holds KEPT_DEPTH of them), so the newest are all of them.
    expect(keptByDate(t, 'zindrel')).toMatchObject({ depth: KEPT_DEPTH, total: second.total, estimated: true });
    expect(keptByDate(t, 'zindrel')?.keys).toHaveLength(120);
    for (let offset = 20; offset < 120; offset += 10) {
      expect((await page('zindrel', offset, large)).ids).toEqual(direct[offset / 10]);
    }
    expect((await page('zindrel', 120, large)).ids).toEqual([]);
  });

  it('serves a Load more by date from the kept matches, not the database', async () => {
    const key = windowKey('vorpid', { categories: null }, 'date');
    const keys = ['vorpid.005', 'vorpid.001', 'vorpid.003'].map((paperId) => ({
      platform: 'arxiv',
      paperId,
      score: null,
    }));
    keepWindow(t.db, key, { keys, depth: KEPT_DEPTH, total: 9_999, estimated: true });
    expect(await page('vorpid', 1)).toEqual({ ids: ['vorpid.001', 'vorpid.003'], total: 9_999, estimated: true });
    // Relevance keeps its own windows: the same query by relevance is not cut from these.
    expect(recallWindow(t.db, windowKey('vorpid', { categories: null }, 'relevance'))).toBeUndefined();
  });
});

// A range sized to hold KEPT_DEPTH matches exists only for a word in more than 4 × KEPT_DEPTH papers
// (NEWEST_RANGE_MARGIN × KEPT_DEPTH papers down must be under half the corpus): this corpus has one.
describe.each(testDrivers())('search by date, a kept Load more whose range falls short (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    // `plenthor` in 4,100 papers of 2001-2002, under 2,500 newer papers without it: the range sized by
    // its share of the corpus (the newest 3,220 papers) holds 720 of its matches, not KEPT_DEPTH.
    await t.db.execute(sql`insert into papers (platform, paper_id, title, authors, abstract, categories, published_date)
      select 'arxiv', 'plenthor.' || n, 'Plenthor note ' || n, array['Date Order'], 'On plenthor.', array['math.CO'],
        date '2001-01-01' + (n / 12)
      from generate_series(1, 4100) as n`);
    await t.db.execute(sql`insert into papers (platform, paper_id, title, authors, abstract, categories, published_date)
      select 'arxiv', 'newer.' || n, 'Newer note ' || n, array['Date Order'], 'Something else.', array['math.CO'],
        date '2021-01-01' + (n / 12)
      from generate_series(1, 2500) as n`);
    await t.db.execute(sql`analyze papers`);
  });
  afterAll(() => t.close());

  it('keeps the matches the range holds, the newest as far as they go, and reads past them directly', async () => {
    const large = { ...CORPUS_LIMITS, estimatedFrom: 0, exactUpTo: 50, newestWalk: 10 };
    const direct = new Map<number, string[]>();
    for (let offset = 250; offset < KEPT_DEPTH; offset += 10) {
      direct.set(offset, (await datePage(t, 'plenthor', offset, CORPUS_LIMITS)).ids);
    }
    expect(keptByDate(t, 'plenthor')).toBeUndefined();
    expect((await datePage(t, 'plenthor', 250, large)).ids).toEqual(direct.get(250));
    // Every match outside the range is older, so those it holds are the newest, as deep as they go.
    const depth = keptByDate(t, 'plenthor')?.depth ?? 0;
    expect(depth).toBeGreaterThanOrEqual(260);
    expect(depth).toBeLessThan(KEPT_DEPTH);
    expect(keptByDate(t, 'plenthor')?.keys).toHaveLength(depth);
    const lastInside = Math.floor((depth - 10) / 10) * 10;
    for (const offset of [250, lastInside, lastInside + 10, lastInside + 20]) {
      const answer = await datePage(t, 'plenthor', offset, large);
      expect(answer.ids).toHaveLength(10);
      expect(answer.ids).toEqual(direct.get(offset));
    }
  });
});
