import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/execute-result';
import { countPapers } from '../modules/papers/papers.repo';
import { selectTermStatsBuild } from '../modules/recommendations/term-stats.repo';
import { createTestApp, type TestApp, testDrivers } from '../test-support/test-app';
import { selectPrewarmTargets } from './prewarm.repo';
import { warmUp } from './warm-up';

describe.each(testDrivers())('the warm-up after start (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const step = (steps: Awaited<ReturnType<typeof warmUp>>, name: string) => steps.find((s) => s.step === name);

  it('loads the term statistics (building them on a database that has none) and counts the categories', async () => {
    const steps = await warmUp(t.context);
    expect(steps.map((s) => s.error)).toEqual([undefined, undefined, undefined]);
    const papers = await countPapers(t.db);
    expect(step(steps, 'term statistics')?.detail).toMatchObject({ documents: papers });
    expect((await selectTermStatsBuild(t.db))?.documents).toBe(papers);
    expect(step(steps, 'categories')?.detail.categories).toBeGreaterThan(0);
  });

  if (driver === 'pglite') {
    it('leaves the page cache alone on the embedded database', async () => {
      expect(step(await warmUp(t.context), 'prewarm')?.detail).toEqual({ skipped: 'embedded database' });
    });
    return;
  }

  it('reads the papers indexes and the term statistics into the page cache, b-trees first', async () => {
    const steps = await warmUp(t.context);
    const targets = await selectPrewarmTargets(t.db);
    expect(step(steps, 'prewarm')?.detail).toMatchObject({ relations: targets.length, left: [] });
    const names = targets.map((target) => target.name);
    expect(names).toEqual(
      expect.arrayContaining(['papers_platform_paper_id_pk', 'papers_search_vector_idx', 'term_frequencies']),
    );
    expect(names.indexOf('papers_platform_paper_id_pk')).toBeLessThan(names.indexOf('papers_search_vector_idx'));
    const [installed] = rowsOf<{ present: boolean }>(
      await t.db.execute(sql`select exists (select 1 from pg_extension where extname = 'pg_prewarm') as present`),
    );
    expect(installed?.present).toBe(true);
  });

  it('stops at PREWARM_MAX_MB and is off at 0', async () => {
    const off = await warmUp({ ...t.context, config: { ...t.context.config, PREWARM_MAX_MB: 0 } });
    expect(step(off, 'prewarm')?.detail).toEqual({ skipped: 'PREWARM_MAX_MB is 0' });
    const targets = await selectPrewarmTargets(t.db);
    const total = targets.reduce((sum, target) => sum + target.bytes, 0);
    // A budget a little under the whole: the largest relations that do not fit are named as left.
    const budgetMb = Math.floor((total - 1) / 1024 ** 2);
    if (budgetMb > 0) {
      const cut = await warmUp({ ...t.context, config: { ...t.context.config, PREWARM_MAX_MB: budgetMb } });
      const detail = step(cut, 'prewarm')?.detail as { mb: number; left: string[] };
      expect(detail.left.length).toBeGreaterThan(0);
      expect(detail.mb).toBeLessThanOrEqual(budgetMb);
    }
  });

  it('reports a failed step and still finishes the others', async () => {
    const failing = { ...t.context, termStats: () => Promise.reject(new Error('the statistics are unreachable')) };
    const steps = await warmUp(failing);
    expect(step(steps, 'term statistics')).toMatchObject({ error: 'the statistics are unreachable' });
    expect(step(steps, 'categories')?.error).toBeUndefined();
  });
});
