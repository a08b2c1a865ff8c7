import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { termFrequencies, termStatsBuilds } from '../../db/schema';
import { buildPaper } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { countPapers } from '../papers/papers.repo';
import { createTermStatsCache, keepTermStatsCurrent } from './term-stats';
import { rebuildTermStats, selectTermStatsBuild } from './term-stats.repo';

/** A clock the test moves: the cache looks at the stored build at most once a minute. */
const clock = () => {
  let at = 1_000_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
};

describe.each(testDrivers())('term statistics kept in the database (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const storedLexemes = async () => (await t.db.select({ n: count() }).from(termFrequencies))[0]?.n;

  it('builds them at first use and stores them, so another process loads them instead of counting again', async () => {
    // The seeded corpus' import counted them (keepTermStatsCurrent): as on a database no import has counted.
    await t.db.delete(termStatsBuilds);
    await t.db.delete(termFrequencies);
    expect(await selectTermStatsBuild(t.db)).toBeUndefined();
    const first = await createTermStatsCache(t.db)();
    const build = await selectTermStatsBuild(t.db);
    expect(build?.documents).toBe(await countPapers(t.db));
    expect(first.documents).toBe(build?.documents);
    expect(first.frequencies.size).toBeGreaterThan(100);
    expect(await storedLexemes()).toBe(first.frequencies.size);
    // Lexemes of a single paper are left out; a common word of the fixture corpus is counted.
    for (const papers of first.frequencies.values()) expect(papers).toBeGreaterThan(1);
    expect(first.frequencies.get('model')).toBeGreaterThan(1);

    const second = await createTermStatsCache(t.db)();
    expect((await selectTermStatsBuild(t.db))?.builtAt).toEqual(build?.builtAt);
    expect(second.documents).toBe(first.documents);
    expect([...second.frequencies]).toEqual(expect.arrayContaining([...first.frequencies]));
    expect(second.frequencies.size).toBe(first.frequencies.size);
  });

  it('loads a newer build another process stored, after the minute between looks', async () => {
    const time = clock();
    const cache = createTermStatsCache(t.db, time.now);
    const before = await cache();
    await rebuildTermStats(t.db);
    time.advance(30_000);
    expect(await cache()).toBe(before);
    time.advance(31_000);
    await cache();
    await vi.waitFor(async () => expect(await cache()).not.toBe(before));
    expect((await cache()).frequencies.size).toBe(before.frequencies.size);
  });

  it('rebuilds them in the background once the corpus has grown by more than 5%', async () => {
    const time = clock();
    const cache = createTermStatsCache(t.db, time.now);
    const before = await cache();
    expect(before.frequencies.has('zorblax')).toBe(false);
    const added = Math.ceil(before.documents * 0.05) + 1;
    for (let i = 0; i < added; i += 1) {
      await buildPaper(t.db, {
        title: `Zorblax bandersnatch sighting ${i}`,
        abstract: 'We report a zorblax bandersnatch.',
      });
    }
    time.advance(61_000);
    // Callers are answered from the previous statistics while the build runs.
    expect(await cache()).toBe(before);
    await vi.waitFor(async () => expect((await cache()).frequencies.get('zorblax')).toBe(added), { timeout: 20_000 });
    expect((await cache()).documents).toBe(before.documents + added);
    expect((await selectTermStatsBuild(t.db))?.documents).toBe(before.documents + added);
  });

  it('is kept current by the writers: counted when missing or drifted past 5%, else left as it is', async () => {
    const current = await keepTermStatsCurrent(t.db);
    const papers = await countPapers(t.db);
    expect(current.documents).toBe(papers);
    const again = await keepTermStatsCurrent(t.db);
    expect(again).toMatchObject({ rebuilt: false, documents: papers, builtAt: current.builtAt });
    // Under the bound: one paper more is not worth a count.
    await buildPaper(t.db, { title: 'Quaggaflux one', abstract: 'A quaggaflux.' });
    expect(await keepTermStatsCurrent(t.db)).toMatchObject({ rebuilt: false, documents: papers });
    const added = Math.ceil(papers * 0.05) + 1;
    for (let i = 0; i < added; i += 1) {
      await buildPaper(t.db, { title: `Quaggaflux survey ${i}`, abstract: 'We survey the quaggaflux.' });
    }
    const rebuilt = await keepTermStatsCurrent(t.db);
    expect(rebuilt).toMatchObject({ rebuilt: true, documents: papers + 1 + added });
    expect((await createTermStatsCache(t.db)()).frequencies.get('quaggaflux')).toBe(added + 1);
  });

  it('runs concurrent builds one at a time and leaves one consistent set', async () => {
    const [a, b] = await Promise.all([rebuildTermStats(t.db), rebuildTermStats(t.db)]);
    const stored = await selectTermStatsBuild(t.db);
    expect(stored?.documents).toBe(await countPapers(t.db));
    expect([a.documents, b.documents]).toEqual([stored?.documents, stored?.documents]);
    // On PostgreSQL the second waits for the first's lock and keeps its result instead of counting again.
    if (driver === 'postgres') expect(a.builtAt).toEqual(b.builtAt);
    expect(await storedLexemes()).toBe((await createTermStatsCache(t.db)()).frequencies.size);
  });
});
