import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonQueryWindowBuilds, commonQueryWindows, harvestStates, papers } from '../../db/schema';
import type { NewPaper } from '../../ingest/arxiv-record';
import { jobDefinitions } from '../../jobs/definitions';
import { arxivHarvestJob } from '../../jobs/definitions/arxiv-harvest';
import { commonSearchWindowsJob } from '../../jobs/definitions/common-search-windows';
import { hourlySlot, runHandler } from '../../jobs/job-definition';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { selectCommonWindowBuild } from './common-query-windows.repo';
import { refreshCommonWindows } from './common-query-windows.service';
import { CORPUS_LIMITS, type SearchPage, searchPapers } from './search.repo';
import { ensureSearchIndex, type SearchIndex } from './search-index.repo';

/** Papers of one invented word; half of them say it in the plural. */
const COMMON = 600;
/** Papers of a rarer invented word: under the test's common threshold. */
const RARE = 40;
const paper = (n: number, word: string): NewPaper => ({
  platform: 'arxiv',
  paperId: `common.${word}.${String(n).padStart(4, '0')}`,
  title: n % 9 === 0 ? `The ${word} problem, case ${n}` : `Notes number ${n}`,
  authors: ['Common Word'],
  // Repetition varies the rank; half say the plural (a second typed form of one stem).
  abstract: `The ${`${word}${n % 2 === 0 ? 's' : ''} `.repeat(1 + (n % 4))}appear here.`,
  categories: ['math.CO'],
  publishedDate: `20${String(10 + (n % 10)).padStart(2, '0')}-0${1 + (n % 9)}-15`,
  pdfUrl: null,
});

/** As if the corpus were large (every total past 300 estimated), with words in 300 papers common. */
const LARGE = { ...CORPUS_LIMITS, estimatedFrom: 0, exactUpTo: 300, indexedUpTo: 300 };
const MIN_MATCHES = 300;

describe.each(testDrivers())('common words ranked in the background (%s)', (driver) => {
  let t: TestApp;
  let index: SearchIndex;
  beforeAll(async () => {
    // An empty corpus: only these papers' words are common.
    t = await createTestApp(driver, { seed: false });
    index = await ensureSearchIndex(t.db);
    const batch = [
      ...Array.from({ length: COMMON }, (_, n) => paper(n, 'zelquor')),
      ...Array.from({ length: RARE }, (_, n) => paper(n, 'prandle')),
    ];
    for (let from = 0; from < batch.length; from += 250)
      await t.db.insert(papers).values(batch.slice(from, from + 250));
    await t.db.execute(sql`analyze papers`);
  });
  afterAll(() => t.close());

  const page = (query: string, more: Partial<SearchPage> = {}) =>
    searchPapers(t.db, {
      query,
      sort: 'relevance',
      limit: 30,
      offset: 0,
      index,
      categories: null,
      limits: LARGE,
      ...more,
    });
  const ids = (found: { rows: { paperId: string }[] }) => found.rows.map((row) => row.paperId);
  const stored = () => t.db.select({ query: commonQueryWindows.query }).from(commonQueryWindows);
  const arrive = () =>
    t.db
      .insert(harvestStates)
      .values({ key: 'arXivRaw:math', metadataPrefix: 'arXivRaw', pagesHarvested: 1, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: harvestStates.key, set: { updatedAt: sql`now()` } });

  it('keeps the window of each common typed word as its own search ranks it, and serves searches of it alone', async () => {
    if (index !== 'rum') return;
    // Ranked as it comes (nothing kept yet), under a cache key the later searches do not share.
    const live = await page('zelquor ');
    const deep = await page('zelquor ', { offset: COMMON - 30 });
    // Without the titles that say "problem", the best of the word alone (title A).
    const excluding = await page('zelquor  -problem');
    const excludingDeep = await page('zelquor  -problem', { offset: 480 });
    const excludingTwo = await page('zelquor  -problem -case');

    const result = await refreshCommonWindows(t.db, { index, limits: LARGE, minMatches: MIN_MATCHES });
    // Both typed forms of the stem; `the` and `here` have none, `prandle` is too rare.
    const words = (await stored()).map((row) => row.query);
    expect(words).toEqual(expect.arrayContaining(['zelquor', 'zelquors', 'appear']));
    expect(words).not.toContain('prandle');
    expect(words).not.toContain('the');
    expect(words).not.toContain('here');
    expect(result).toMatchObject({ words: words.length });
    expect(await selectCommonWindowBuild(t.db)).toMatchObject({ queries: words.length });

    // The stored order is the live one, and a search of the word alone reads it (any case, spaces),
    // down to the window's depth (Load more).
    expect(ids(await page('Zelquor'))).toEqual(ids(live));
    expect((await page('ZELQUOR')).total).toBe(live.total);
    expect(ids(await page('ZelQuor', { offset: COMMON - 30 }))).toEqual(ids(deep));
    expect(ids(deep)).toHaveLength(30);
    // A query excluding words is cut from the word's order, less the papers holding them, as it ranks
    // itself: first page, deep page, total.
    const cut = await page('Zelquor -problem');
    expect(ids(cut)).toEqual(ids(excluding));
    expect(cut.rows[0]?.score).toBe(excluding.rows[0]?.score);
    expect(cut.total).toBe(excluding.total);
    expect(ids(await page('Zelquor -problem', { offset: 480 }))).toEqual(ids(excludingDeep));
    expect(ids(excludingDeep).length).toBeGreaterThan(0);
    expect(ids(await page('zelquor -PROBLEM -case'))).toEqual(ids(excludingTwo));
    // Read from the table: an order changed there is the order served (the total is counted as ever).
    // The kept order is the index's, with full scores: two keys of equal score keep their order.
    const [first, second] =
      (
        await t.db
          .select({ keys: commonQueryWindows.keys })
          .from(commonQueryWindows)
          .where(eq(commonQueryWindows.query, 'zelquor'))
      )[0]?.keys ?? [];
    if (!first || !second) throw new Error('a kept order of zelquor');
    await t.db
      .update(commonQueryWindows)
      .set({
        keys: [
          [second[0], second[1], 0],
          [first[0], first[1], 0],
        ],
      })
      .where(eq(commonQueryWindows.query, 'zelquor'));
    const kept = await page(' zelquor');
    expect(ids(kept)).toEqual([second[1], first[1]]);
    expect(kept.total).toBe(live.total);
    // An exclusion is cut from it too: the papers left of the two are those without the word.
    const titles = await t.db
      .select({ paperId: papers.paperId, title: papers.title })
      .from(papers)
      .where(inArray(papers.paperId, [first[1], second[1]]));
    const without = (word: string) =>
      [second[1], first[1]].filter((id) => !titles.find((row) => row.paperId === id)?.title.includes(word));
    expect(ids(await page('zelquor -problem'))).toEqual(without('problem'));
    expect(ids(await page('zelquor -notes'))).toEqual(without('Notes'));
    // A filter (here passing every paper) and a small corpus rank as they come.
    expect(ids(await page('zelquor', { categories: ['math.CO'] }))).toEqual(ids(live));
    expect(ids(await page('zelquor', { from: '2001-01-01' }))).toEqual(ids(live));
    const small = await page('zelquor\t', { limits: CORPUS_LIMITS });
    expect(ids(small)).toEqual(ids(live));
    expect(small).toMatchObject({ total: COMMON, estimated: false });
    // The plural has its own window: the same matches, ranked for the form typed.
    const plural = await page('zelquors');
    expect(plural.total).toBe(live.total);
    expect(ids(plural)).not.toEqual(ids(live));
  });

  it("cuts an exclusion's later pages from the kept order, deeper than its first page tested", async () => {
    if (index !== 'rum') return;
    // An order of its own (every paper, by id downwards, equal scores) that no live ranking gives, as
    // deep as it was asked for: so the exclusion's pages can come only from it.
    const order = await t.db
      .select({ platform: papers.platform, paperId: papers.paperId, title: papers.title })
      .from(papers)
      .where(sql`${papers.paperId} like 'common.zelquor.%'`)
      .orderBy(sql`${papers.paperId} desc`);
    await t.db
      .update(commonQueryWindows)
      .set({ keys: order.map((row) => [row.platform, row.paperId, 0]), depth: order.length })
      .where(eq(commonQueryWindows.query, 'zelquor'));
    const left = order.filter((row) => !row.title.includes('problem')).map((row) => row.paperId);
    expect(ids(await page('zelquor   -problem'))).toEqual(left.slice(0, 30));
    // The first page tested the first 300 keys; this one needs 510 left, so the order is cut again.
    expect(ids(await page('zelquor   -problem', { offset: 480 }))).toEqual(left.slice(480, 510));
  });

  it('rebuilds only after papers arrive, drops the words no longer common, and stops whole on shutdown', async () => {
    if (index !== 'rum') return;
    await refreshCommonWindows(t.db, { index, limits: LARGE, minMatches: MIN_MATCHES });
    const built = await selectCommonWindowBuild(t.db);
    expect(await refreshCommonWindows(t.db, { index, limits: LARGE, minMatches: MIN_MATCHES })).toMatchObject({
      skipped: 'no papers arrived since the last build',
    });
    expect((await selectCommonWindowBuild(t.db))?.builtAt).toEqual(built?.builtAt);

    await arrive();
    const stopping = new AbortController();
    stopping.abort();
    expect(
      await refreshCommonWindows(t.db, { index, limits: LARGE, minMatches: MIN_MATCHES, signal: stopping.signal }),
    ).toMatchObject({ stopped: 'shutting down', ranked: 0 });
    expect((await selectCommonWindowBuild(t.db))?.builtAt).toEqual(built?.builtAt);

    // Papers arrived: the next run builds again, and with a higher bar nothing is common any more.
    expect(await refreshCommonWindows(t.db, { index, limits: LARGE, minMatches: COMMON * 10 })).toMatchObject({
      words: 0,
    });
    expect(await stored()).toEqual([]);
    expect(await selectCommonWindowBuild(t.db)).toMatchObject({ queries: 0 });
  });

  it('does nothing without RUM or on a corpus too small to estimate totals, and forgets an earlier build', async () => {
    await t.db.insert(commonQueryWindowBuilds).values({ id: 1, queries: 0, buildMs: 1 }).onConflictDoNothing();
    await t.db.insert(commonQueryWindows).values({ query: 'zelquor', keys: [], depth: 1000 }).onConflictDoNothing();
    expect(await refreshCommonWindows(t.db, { index: 'gin', limits: LARGE })).toEqual({ skipped: 'no RUM index' });
    expect(await stored()).toEqual([]);
    expect(await selectCommonWindowBuild(t.db)).toBeUndefined();
    // The scheduled job, with the real limits, on this corpus of a few thousand papers.
    const run = await runHandler(
      commonSearchWindowsJob,
      t.context,
      { slot: '2026-11-24T06' },
      { signal: new AbortController().signal },
    );
    expect(run).toEqual({ skipped: index === 'rum' ? 'fewer than 100000 papers' : 'no RUM index' });
    // On GIN a search of the word alone ranks as it comes, whatever is stored.
    await t.db.insert(commonQueryWindows).values({ query: 'zelquor', keys: [], depth: 1000 });
    expect((await page('zelquor', { index: 'gin' })).rows.length).toBe(30);
    await t.db.delete(commonQueryWindows);
  });

  it("is due once an hour, after the harvest (a day's harvest is followed by a build in the same tick)", () => {
    expect(jobDefinitions.indexOf(commonSearchWindowsJob)).toBeGreaterThan(jobDefinitions.indexOf(arxivHarvestJob));
    expect(hourlySlot(new Date('2026-11-24T06:59:59Z'))).toBe('2026-11-24T06');
    expect(commonSearchWindowsJob.schedule?.(new Date('2026-11-24T07:00:00Z'), t.context)).toBe('2026-11-24T07');
  });
});
