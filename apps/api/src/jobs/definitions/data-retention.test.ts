import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, pageViews, rateLimitCounters, searchQueries } from '../../db/schema';
import { CORPUS_IMPORT_JOB } from '../../ingest/corpus-imports.repo';
import { selectLastRefresh } from '../../modules/corpus/corpus-status.repo';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { runHandler } from '../job-definition';
import { arxivHarvestJob } from './arxiv-harvest';
import { dataRetentionJob } from './data-retention';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe.each(testDrivers())('data-retention job (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      seed: false,
      env: { PAGE_VIEW_RETENTION_DAYS: '30', SEARCH_QUERY_RETENTION_DAYS: '10', JOB_RUN_RETENTION_DAYS: '20' },
    });
  });
  afterAll(() => t.close());

  it('is due daily after DAILY_JOBS_HOUR_UTC', () => {
    expect(dataRetentionJob.schedule?.(new Date('2026-11-23T07:00:00Z'), t.context)).toBe('2026-11-23');
    expect(dataRetentionJob.schedule?.(new Date('2026-11-23T05:00:00Z'), t.context)).toBeNull();
  });

  it('deletes only page views, search queries and rate-limit windows past their time', async () => {
    const view = (path: string, receivedAt: Date) => ({
      event: 'page_view',
      path,
      title: path,
      clientTs: receivedAt,
      receivedAt,
    });
    await t.db
      .insert(pageViews)
      .values([view('/old', daysAgo(31)), view('/older', daysAgo(400)), view('/new', daysAgo(29))]);
    await t.db.insert(searchQueries).values([
      { query: 'stale query', lastSearchedAt: daysAgo(11) },
      { query: 'fresh query', lastSearchedAt: daysAgo(9) },
    ]);
    await t.db.insert(rateLimitCounters).values([
      { key: 'search:ip:expired', hits: 3, resetAt: daysAgo(1) },
      { key: 'search:ip:live', hits: 3, resetAt: new Date(Date.now() + 60_000) },
    ]);

    const result = await runHandler(
      dataRetentionJob,
      t.context,
      { slot: '2026-11-23' },
      { signal: new AbortController().signal },
    );
    expect(result).toEqual({
      pageViews: 2,
      searchQueries: 1,
      jobRuns: 0,
      usedIdTokens: 0,
      oidcSignIns: 0,
      rateLimitCounters: 1,
    });

    expect((await t.db.select({ path: pageViews.path }).from(pageViews)).map((r) => r.path)).toEqual(['/new']);
    expect((await t.db.select({ q: searchQueries.query }).from(searchQueries)).map((r) => r.q)).toEqual([
      'fresh query',
    ]);
    const keys = await t.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(sql`key like 'search:ip:%'`);
    expect(keys.map((r) => r.key)).toEqual(['search:ip:live']);

    // A second run finds nothing more.
    expect(
      await runHandler(dataRetentionJob, t.context, { slot: '2026-11-23' }, { signal: new AbortController().signal }),
    ).toEqual({
      pageViews: 0,
      searchQueries: 0,
      jobRuns: 0,
      usedIdTokens: 0,
      oidcSignIns: 0,
      rateLimitCounters: 0,
    });
  });

  it('deletes finished job runs past their time but keeps the newest done run of each job and running ones', async () => {
    const run = (job: string, slot: string, status: 'done' | 'failed' | 'running', at: Date) => ({
      job,
      slot,
      status,
      claimedBy: 'host:1',
      startedAt: at,
      heartbeatAt: at,
      finishedAt: status === 'running' ? null : at,
    });
    const harvest = arxivHarvestJob.id;
    const newestHarvestAt = daysAgo(45);
    await t.db.insert(jobRuns).values([
      run(harvest, 'h-60', 'done', daysAgo(60)),
      run(harvest, 'h-50', 'failed', daysAgo(50)),
      // The newest done harvest, though older than JOB_RUN_RETENTION_DAYS: the corpus's "updated" stays.
      run(harvest, 'h-45', 'done', newestHarvestAt),
      run(harvest, 'h-5', 'failed', daysAgo(5)),
      run('storage-temp-sweep', 's-30', 'done', daysAgo(30)),
      run('storage-temp-sweep', 's-21', 'failed', daysAgo(21)),
      run('storage-temp-sweep', 's-19', 'done', daysAgo(19)),
      run('storage-temp-sweep', 's-1', 'done', daysAgo(1)),
      run(CORPUS_IMPORT_JOB, 'i-100', 'done', daysAgo(100)),
      run(CORPUS_IMPORT_JOB, 'i-90', 'done', daysAgo(90)),
      run('email-digests', 'e-40', 'failed', daysAgo(40)),
      // A claim 100 days old is the scheduler's to take over (stale heartbeat), never retention's to delete.
      run('email-digests', 'e-100', 'running', daysAgo(100)),
    ]);

    const result = await runHandler(
      dataRetentionJob,
      t.context,
      { slot: '2026-11-24' },
      { signal: new AbortController().signal },
    );
    expect(result).toMatchObject({ jobRuns: 6 });

    const left = await t.db.select({ slot: jobRuns.slot }).from(jobRuns);
    expect(left.map((r) => r.slot).sort()).toEqual(['e-100', 'h-45', 'h-5', 'i-90', 's-1', 's-19']);
    expect(await selectLastRefresh(t.db)).toEqual({ updatedAt: newestHarvestAt, hasHarvested: true });

    const again = await runHandler(
      dataRetentionJob,
      t.context,
      { slot: '2026-11-24' },
      { signal: new AbortController().signal },
    );
    expect(again).toMatchObject({ jobRuns: 0 });
  });
});
