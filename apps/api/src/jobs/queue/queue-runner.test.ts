import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { queueJobs } from '../../db/schema';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import {
  type AnyJobDefinition,
  defineJob,
  type JobDefinition,
  type JobHandler,
  PermanentJobError,
} from '../job-definition';
import { enqueueJob } from './enqueue';
import { backoffDelayMs } from './job-outcome';
import { sweepFinishedJobs } from './queue-jobs.repo';
import { createJobQueue, type JobQueue } from './queue-runner';

const ZNumbered = z.object({ n: z.number().int() });

type Numbered = z.infer<typeof ZNumbered>;

/** A test kind whose handler is given per test; records the give-ups. */
function testKind(
  handler: JobHandler<AppContext, Numbered>,
  overrides: Partial<Pick<JobDefinition<AppContext, Numbered>, 'visibilityTimeoutMs' | 'backoff'>> = {},
) {
  const gaveUp: Array<{ n: number; reason: string }> = [];
  const definition = defineJob({
    id: 'test-kind',
    version: 1,
    payload: ZNumbered,
    visibilityTimeoutMs: 60_000,
    backoff: { baseMs: 60_000, maxMs: 600_000 },
    handler: async () => handler,
    onGaveUp: async () => async (_context, payload, reason) => {
      gaveUp.push({ n: payload.n, reason });
    },
    ...overrides,
  });
  // Its rows get 3 tries (what jobs/job-payloads.ts says of a real kind).
  return { definition: { ...definition, maxAttempts: 3 }, gaveUp };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('backoffDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    const backoff = { baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 10].map((attempt) => backoffDelayMs(backoff, attempt))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describe.each(testDrivers())('durable work queue (%s)', (driver) => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  /** A poller of its own on the test database, as another replica would run it. */
  const replica = (owner: string, definitions: readonly AnyJobDefinition<AppContext>[], concurrency = 4) => {
    const queue = createJobQueue(() => t.context, definitions as never, {
      pollMs: 50,
      concurrency,
      retentionDays: 7,
      owner,
    });
    queues.push(queue);
    return queue;
  };
  const rowsOf = () => t.db.select().from(queueJobs).where(eq(queueJobs.kind, 'test-kind')).orderBy(queueJobs.id);

  beforeEach(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    await t.close();
  });

  it('two pollers on one database never run a job twice, nor one job at the same time', async () => {
    const runs = new Map<number, number>();
    let inFlight = 0;
    let maxInFlight = 0;
    const { definition } = testKind(async (_context, { n }) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await sleep(5);
      inFlight--;
    });
    for (let n = 0; n < 30; n++) await enqueueJob(t.db, definition, { n });
    const a = replica('replica-a', [definition as never]);
    const b = replica('replica-b', [definition as never]);
    a.start();
    b.start();
    await Promise.all([a.drain(), b.drain()]);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await rowsOf();
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1 && row.finishedAt)).toBe(true);
    // Both replicas took part: the work is shared, not serialised behind one of them.
    expect(new Set(rows.map((row) => row.lockedBy))).toEqual(new Set(['replica-a', 'replica-b']));
    expect(maxInFlight).toBeGreaterThan(1);
  });

  it("takes over a dead owner's job once its lock has expired, without a restart, and not before", async () => {
    const ran: number[] = [];
    const { definition } = testKind(async (_context, { n }) => {
      ran.push(n);
    });
    const [expired, live] = await t.db
      .insert(queueJobs)
      .values([
        {
          kind: 'test-kind',
          version: 1,
          payload: { n: 1 },
          status: 'running',
          attempts: 1,
          lockedBy: 'dead:1',
          lockedUntil: sql`now() - interval '1 second'`,
        },
        {
          kind: 'test-kind',
          version: 1,
          payload: { n: 2 },
          status: 'running',
          attempts: 1,
          lockedBy: 'alive:2',
          lockedUntil: sql`now() + interval '1 hour'`,
        },
      ])
      .returning();
    const queue = replica('replica-b', [definition as never]);
    queue.start();
    await queue.drain();
    expect(ran).toEqual([1]);
    const rows = await rowsOf();
    expect(rows.find((row) => row.id === expired?.id)).toMatchObject({
      status: 'done',
      attempts: 2,
      lockedBy: 'replica-b',
    });
    expect(rows.find((row) => row.id === live?.id)).toMatchObject({ status: 'running', lockedBy: 'alive:2' });
  });

  it("on start, takes over at once the jobs of this host's earlier processes (dead pid, or its own name after a restart), and no one else's", async () => {
    const ran: number[] = [];
    const { definition } = testKind(async (_context, { n }) => {
      ran.push(n);
    });
    const owner = `test-host-${driver}:${process.pid}`;
    const held = (n: number, lockedBy: string) => ({
      kind: 'test-kind',
      version: 1,
      payload: { n },
      status: 'running',
      attempts: 1,
      lockedBy,
      lockedUntil: sql`now() + interval '1 hour'`,
    });
    // A pid far above Linux's pid_max (4194304) is never alive.
    await t.db
      .insert(queueJobs)
      .values([
        held(1, `test-host-${driver}:99999999`),
        held(2, owner),
        held(3, `test-host-${driver}:${process.ppid}`),
        held(4, `other-host:99999999`),
      ]);
    const queue = replica(owner, [definition as never]);
    queue.start();
    await queue.drain();
    expect(ran.sort()).toEqual([1, 2]);
    const byN = new Map((await rowsOf()).map((row) => [(row.payload as { n: number }).n, row]));
    expect(byN.get(3)).toMatchObject({ status: 'running', lockedBy: `test-host-${driver}:${process.ppid}` });
    expect(byN.get(4)).toMatchObject({ status: 'running', lockedBy: 'other-host:99999999' });
  });

  it('keeps a long job locked with its heartbeat: another poller does not take it while it runs', async () => {
    let runs = 0;
    const { definition } = testKind(
      async () => {
        runs++;
        // Two and a half visibility timeouts: without the heartbeat the lock would have run out twice.
        await sleep(2500);
      },
      { visibilityTimeoutMs: 1000 },
    );
    await enqueueJob(t.db, definition, { n: 1 });
    const a = replica('replica-a', [definition as never]);
    a.start();
    const first = a.drain();
    await sleep(100);
    const b = replica('replica-b', [definition as never]);
    b.start();
    await Promise.all([first, b.drain()]);
    expect(runs).toBe(1);
    expect(await rowsOf()).toMatchObject([{ status: 'done', attempts: 1, lockedBy: 'replica-a' }]);
  });

  it('fails → backs off → retries → fails for good after max attempts, keeping the last error', async () => {
    let attempt = 0;
    const { definition, gaveUp } = testKind(async () => {
      attempt++;
      throw new Error(`upstream answered 503 (try ${attempt})`);
    });
    await enqueueJob(t.db, definition, { n: 7 });
    const queue = replica('replica-a', [definition as never]);
    queue.start();
    await queue.drain();
    let [row] = await rowsOf();
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'upstream answered 503 (try 1)',
      lockedBy: null,
    });
    // Backoff: not due before baseMs (60 s) has passed, so the poller leaves it alone.
    const wait = await t.db.execute(
      sql`select extract(epoch from run_at - now()) * 1000 as "waitMs" from queue_jobs where kind = 'test-kind'`,
    );
    expect(Number((wait as unknown as { rows: Array<{ waitMs: number }> }).rows[0]?.waitMs)).toBeGreaterThan(50_000);
    await queue.drain();
    expect(attempt).toBe(1);
    // Time passes: the second try, then its backoff doubles.
    await t.db.update(queueJobs).set({ runAt: sql`now()` });
    await queue.drain();
    [row] = await rowsOf();
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'upstream answered 503 (try 2)' });
    await t.db.update(queueJobs).set({ runAt: sql`now()` });
    await queue.drain();
    [row] = await rowsOf();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'upstream answered 503 (try 3)' });
    expect(row?.finishedAt).toBeInstanceOf(Date);
    expect(gaveUp).toEqual([{ n: 7, reason: 'upstream answered 503 (try 3)' }]);
    // Failed stays failed.
    await t.db.update(queueJobs).set({ runAt: sql`now()` });
    await queue.drain();
    expect(attempt).toBe(3);
  });

  it('a permanent error fails the job at once, never retried', async () => {
    let runs = 0;
    const { definition, gaveUp } = testKind(async () => {
      runs++;
      throw new PermanentJobError('the PDF declares 1000000 pages');
    });
    await enqueueJob(t.db, definition, { n: 1 });
    const queue = replica('replica-a', [definition as never]);
    queue.start();
    await queue.drain();
    expect(await rowsOf()).toMatchObject([
      { status: 'failed', attempts: 1, lastError: 'the PDF declares 1000000 pages' },
    ]);
    expect(gaveUp).toEqual([{ n: 1, reason: 'the PDF declares 1000000 pages' }]);
    expect(runs).toBe(1);
  });

  it('gives up on a job whose owners died on every attempt (a PDF that kills its process)', async () => {
    const { definition, gaveUp } = testKind(async () => {
      throw new Error('must not run again');
    });
    await t.db.insert(queueJobs).values({
      kind: 'test-kind',
      version: 1,
      payload: { n: 3 },
      status: 'running',
      attempts: 3,
      lockedBy: 'dead:3',
      lockedUntil: sql`now() - interval '1 second'`,
    });
    const queue = replica('replica-a', [definition as never]);
    queue.start();
    await queue.drain();
    const [row] = await rowsOf();
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.lastError).toMatch(/gave up after 3 attempts/);
    expect(gaveUp).toHaveLength(1);
  });

  it('dedupe: a key already queued or running is not enqueued twice; once done it may be again', async () => {
    const { definition } = testKind(async () => undefined);
    const first = await enqueueJob(t.db, definition, { n: 1 }, { dedupeKey: 'paper-1' });
    const second = await enqueueJob(t.db, definition, { n: 1 }, { dedupeKey: 'paper-1' });
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    expect(await rowsOf()).toHaveLength(1);
    const queue = replica('replica-a', [definition as never]);
    queue.start();
    await queue.drain();
    expect(await enqueueJob(t.db, definition, { n: 1 }, { dedupeKey: 'paper-1' })).toEqual(expect.any(Number));
    expect((await rowsOf()).map((row) => row.status)).toEqual(['done', 'queued']);
  });

  it('a job enqueued inside a rolled-back transaction does not exist; a committed one does', async () => {
    const { definition } = testKind(async () => undefined);
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueJob(tx, definition, { n: 1 });
        throw new Error('the upload failed after enqueueing');
      }),
    ).rejects.toThrow('the upload failed');
    expect(await rowsOf()).toEqual([]);
    await t.db.transaction(async (tx) => {
      await enqueueJob(tx, definition, { n: 2 });
    });
    expect(await rowsOf()).toMatchObject([{ status: 'queued', payload: { n: 2 } }]);
  });

  it('refuses a payload that does not match the kind, and enqueues nothing', async () => {
    const { definition } = testKind(async () => undefined);
    await expect(enqueueJob(t.db, definition, { n: 'one' } as never)).rejects.toThrow();
    expect(await rowsOf()).toEqual([]);
  });

  it('stop() aborts a running handler and returns without waiting; the job is taken over after its lock expires', async () => {
    let aborted = false;
    let runs = 0;
    const { definition } = testKind(
      async (_context, _payload, { signal }) => {
        runs++;
        if (runs > 1) return;
        signal.addEventListener('abort', () => {
          aborted = true;
        });
        // Ignores the signal on purpose: stop() must not wait for a handler that does not stop.
        await sleep(60_000);
      },
      { visibilityTimeoutMs: 400 },
    );
    await enqueueJob(t.db, definition, { n: 1 });
    const a = replica('replica-a', [definition as never]);
    a.start();
    while (runs === 0) await sleep(20);
    const stopping = Date.now();
    await a.stop();
    expect(Date.now() - stopping).toBeLessThan(5000);
    expect(aborted).toBe(true);
    expect(await rowsOf()).toMatchObject([{ status: 'running', lockedBy: 'replica-a' }]);
    await sleep(600);
    const b = replica('replica-b', [definition as never]);
    b.start();
    await b.drain();
    expect(await rowsOf()).toMatchObject([{ status: 'done', attempts: 2, lockedBy: 'replica-b' }]);
  });

  it('runs at most `concurrency` jobs at once per process', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const { definition } = testKind(async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await sleep(20);
      inFlight--;
    });
    for (let n = 0; n < 10; n++) await enqueueJob(t.db, definition, { n });
    const queue = replica('replica-a', [definition as never], 2);
    queue.start();
    await queue.drain();
    expect(maxInFlight).toBe(2);
    expect((await rowsOf()).every((row) => row.status === 'done')).toBe(true);
  });

  it('sweeps finished jobs after the retention period and keeps active ones', async () => {
    await t.db.insert(queueJobs).values([
      { kind: 'test-kind', version: 1, payload: { n: 1 }, status: 'done', finishedAt: sql`now() - interval '8 days'` },
      {
        kind: 'test-kind',
        version: 1,
        payload: { n: 2 },
        status: 'failed',
        finishedAt: sql`now() - interval '8 days'`,
      },
      { kind: 'test-kind', version: 1, payload: { n: 3 }, status: 'done', finishedAt: sql`now() - interval '1 day'` },
      { kind: 'test-kind', version: 1, payload: { n: 4 }, status: 'queued' },
    ]);
    // The test app's own poller may sweep first (it sweeps on its first poll): the outcome is what counts.
    expect(await sweepFinishedJobs(t.db, 7)).toBeLessThanOrEqual(2);
    expect((await rowsOf()).map((row) => (row.payload as { n: number }).n)).toEqual([3, 4]);
  });
});
