import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews, rateLimitCounters, searchQueries } from '../../db/schema';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { dataRetentionJob } from './data-retention';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe.each(testDrivers())('data-retention job (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      seed: false,
      env: { PAGE_VIEW_RETENTION_DAYS: '30', SEARCH_QUERY_RETENTION_DAYS: '10' },
    });
  });
  afterAll(() => t.close());

  it('is due daily after DAILY_JOBS_HOUR_UTC', () => {
    expect(dataRetentionJob.dueSlot(new Date('2026-11-23T07:00:00Z'), t.context)).toBe('2026-11-23');
    expect(dataRetentionJob.dueSlot(new Date('2026-11-23T05:00:00Z'), t.context)).toBeNull();
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

    const result = await dataRetentionJob.run(t.context, { slot: '2026-11-23', signal: new AbortController().signal });
    expect(result).toEqual({ pageViews: 2, searchQueries: 1, rateLimitCounters: 1 });

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
    expect(await dataRetentionJob.run(t.context, { slot: '2026-11-23', signal: new AbortController().signal })).toEqual(
      {
        pageViews: 0,
        searchQueries: 0,
        rateLimitCounters: 0,
      },
    );
  });
});
