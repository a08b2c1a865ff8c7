import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context';
import { jobRuns } from '../db/schema';
import { createTestApp, type TestApp, testDrivers } from '../test-support/test-app';
import { dailySlot, defineJob, slotPayload } from './job-definition';
import { formatLocalTime, nextTryAt, runJob, startScheduler } from './scheduler';

const silentLog = { info: () => undefined, error: () => undefined } as never;

function countingJob(id: string, work: () => Promise<void> = async () => undefined) {
  const runs: string[] = [];
  const definition = defineJob({
    id,
    version: 1,
    payload: slotPayload,
    schedule: (now) => dailySlot(now, 6),
    handler:
      async () =>
      async (_context: AppContext, { slot }) => {
        runs.push(slot);
        await work();
        return { slot };
      },
  });
  return { definition, runs };
}

describe('nextTryAt', () => {
  const { definition } = countingJob('daily');
  const context = {} as AppContext;
  const timing = { retryFailedAfterMs: 30 * 60_000, stepMs: 60_000 };

  it('is the failed slot again once the retry delay has passed', () => {
    const next = nextTryAt(definition, context, '2026-11-23', new Date('2026-11-23T07:00:20Z'), timing);
    expect(next?.toISOString()).toBe('2026-11-23T07:30:20.000Z');
  });

  it("is the next day's slot when the day ends before the retry, at the hour it becomes due", () => {
    const next = nextTryAt(definition, context, '2026-11-23', new Date('2026-11-23T23:50:00Z'), timing);
    expect(next?.toISOString()).toBe('2026-11-24T06:00:00.000Z');
  });
});

describe('formatLocalTime', () => {
  it('is the local time of day, with the date when it is another day', () => {
    const now = new Date(2026, 10, 23, 18, 0);
    expect(formatLocalTime(new Date(2026, 10, 23, 18, 45), now)).toBe('18:45');
    expect(formatLocalTime(new Date(2026, 10, 24, 7, 5), now)).toBe('2026-11-24 07:05');
  });
});

describe('dailySlot', () => {
  it('is the UTC date once the hour has passed, and nothing before', () => {
    expect(dailySlot(new Date('2026-11-23T05:59:59Z'), 6)).toBeNull();
    expect(dailySlot(new Date('2026-11-23T06:00:00Z'), 6)).toBe('2026-11-23');
    expect(dailySlot(new Date('2026-11-23T23:59:59Z'), 0)).toBe('2026-11-23');
  });
});

describe.each(testDrivers())('scheduled jobs (%s)', (driver) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterEach(async () => t.close());

  it('runs a slot once when two processes claim it at the same time', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { definition, runs } = countingJob('race', () => gate);
    const first = runJob(t.context, definition, '2026-11-23', { owner: 'replica-a' });
    const second = runJob(t.context, definition, '2026-11-23', { owner: 'replica-b' });
    release();
    const outcomes = await Promise.all([first, second]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['done', 'not-claimed']);
    expect(runs).toEqual(['2026-11-23']);
    expect(await runJob(t.context, definition, '2026-11-23', { owner: 'replica-c' })).toEqual({
      status: 'not-claimed',
    });
  });

  it("takes over a crashed process's claim once its heartbeat is stale, not before", async () => {
    const { definition, runs } = countingJob('crash');
    await t.db.insert(jobRuns).values({ job: 'crash', slot: 's', status: 'running', claimedBy: 'dead:1' });
    const fresh = { staleAfterMs: 60_000, retryFailedAfterMs: 60_000 };
    expect((await runJob(t.context, definition, 's', { claim: fresh })).status).toBe('not-claimed');
    const stale = { staleAfterMs: 0, retryFailedAfterMs: 60_000 };
    expect((await runJob(t.context, definition, 's', { claim: stale })).status).toBe('done');
    expect(runs).toEqual(['s']);
  });

  it('records a failure with its message and retries it only after the retry delay', async () => {
    let fail = true;
    const { definition, runs } = countingJob('flaky', async () => {
      if (fail) throw new Error('arXiv answered 503');
    });
    expect(await runJob(t.context, definition, 's')).toEqual({ status: 'failed', error: 'arXiv answered 503' });
    const [row] = await t.db.select().from(jobRuns).where(eq(jobRuns.job, 'flaky'));
    expect(row).toMatchObject({ status: 'failed', error: 'arXiv answered 503' });
    fail = false;
    const later = { staleAfterMs: 60_000, retryFailedAfterMs: 60_000 };
    expect((await runJob(t.context, definition, 's', { claim: later })).status).toBe('not-claimed');
    const now = { staleAfterMs: 60_000, retryFailedAfterMs: 0 };
    expect(await runJob(t.context, definition, 's', { claim: now })).toEqual({ status: 'done', result: { slot: 's' } });
    expect(runs).toEqual(['s', 's']);
  });

  it('ticks run only the jobs that are due, once per slot', async () => {
    const { definition, runs } = countingJob('daily');
    const scheduler = startScheduler(t.context, [definition], { tickMs: 60_000, log: silentLog });
    await scheduler.tick(new Date('2026-11-23T05:00:00Z'));
    await scheduler.tick(new Date('2026-11-23T07:00:00Z'));
    await scheduler.tick(new Date('2026-11-23T08:00:00Z'));
    await scheduler.tick(new Date('2026-11-24T07:00:00Z'));
    await scheduler.stop();
    expect(runs).toEqual(['2026-11-23', '2026-11-24']);
  });
});
