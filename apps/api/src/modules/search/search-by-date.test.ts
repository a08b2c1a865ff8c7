import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../../db/schema';
import type { NewPaper } from '../../ingest/arxiv-record';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { CORPUS_LIMITS, newestRange, type SearchPage, searchPapers } from './search.repo';
import { searchIndexOf } from './search-index.repo';

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

  const page = async (query: string, offset: number, limits = CORPUS_LIMITS) => {
    const request: SearchPage = {
      query,
      sort: 'date',
      limit: 10,
      offset,
      categories: null,
      index: await searchIndexOf(t.db),
      limits,
    };
    const { rows, total } = await searchPapers(t.db, request);
    return { ids: rows.map((row) => row.paperId), total };
  };
  const matching = (word: string) => sql`search_vector @@ to_tsquery('english', ${word})`;

  it('sizes the range of the newest papers by the matches the page needs', async () => {
    const since = await newestRange(t.db, matching('zindrel'), 20, RANGED);
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
    expect(await newestRange(t.db, matching('zindrel'), 1, RANGED)).toBeUndefined();
    expect(await newestRange(t.db, matching('zindrel'), 200, RANGED)).toBeUndefined();
    expect(await newestRange(t.db, matching('zindrel'), 20, CORPUS_LIMITS)).toBeUndefined();
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
    expect(await newestRange(t.db, matching('vorpid'), 20, RANGED)).toMatch(/^2020-/);
    for (const offset of [0, 10]) {
      const ranged = await page('vorpid', offset, RANGED);
      expect(ranged.ids).toHaveLength(10);
      expect(ranged.ids.every((id) => id.startsWith('vorpid.'))).toBe(true);
      expect(ranged).toEqual(await page('vorpid', offset));
    }
  });
});
