import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../db/client';
import { createScratchDatabase, testDrivers } from '../test-support/test-app';
import { createDatabasePacer, createLocalPacer, OutboundBusy, type Pacer } from './outbound-pacer';
import { claimSlot } from './outbound-pacing.repo';
import type { Timing } from './timing';

const INTERVAL_MS = 150;

/** Starts every call at once and records when each was let go (monotonic clock by default, ms). */
async function releaseTimes(pacers: Pacer[], callsEach: number, now = () => performance.now()): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    pacers.flatMap((pacer) =>
      Array.from({ length: callsEach }, async () => {
        await pacer.waitForSlot();
        times.push(now());
      }),
    ),
  );
  return times.sort((a, b) => a - b);
}

const gaps = (times: number[]) => times.slice(1).map((time, i) => time - (times[i] as number));

/**
 * A clock that moves only when slept on, and whose sleeps wake 1 ms early as Node's timers may: the
 * local pacer's waits take no time, and its sleeping again until due is exercised on every wait. A
 * sleep ends on the next turn of the event loop, after the callers let go before it have noted the time.
 */
function virtualTiming(): Timing {
  let clock = 1_000;
  return {
    now: () => clock,
    sleep: (ms) =>
      new Promise((resolve) =>
        setImmediate(() => {
          clock += Math.max(1, ms - 1);
          resolve();
        }),
      ),
  };
}

/** docs/security.md#outbound-requests-to-arxiv: concurrent callers get distinct slots, at least the interval apart. */
describe('createLocalPacer', () => {
  it('spaces ten concurrent callers by the interval', async () => {
    const timing = virtualTiming();
    const times = await releaseTimes(
      [createLocalPacer({ service: 'arxiv', intervalMs: INTERVAL_MS, timing })],
      10,
      timing.now,
    );
    // Each goes after the one before it went, not before (its sleeps woke early).
    for (const gap of gaps(times)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it('refuses a caller beyond maxWaiting, telling when to come back', async () => {
    const pacer = createLocalPacer({
      service: 'arxiv',
      intervalMs: INTERVAL_MS,
      maxWaiting: 2,
      timing: virtualTiming(),
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => pacer.waitForSlot()));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(2);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(OutboundBusy);
      expect((outcome.reason as OutboundBusy).retryAfterMs).toBeGreaterThanOrEqual(INTERVAL_MS);
    }
  });
});

describe.each(testDrivers())('createDatabasePacer (%s)', (driver) => {
  let databases: Database[] = [];
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (driver === 'postgres') {
      const scratch = await createScratchDatabase();
      drop = scratch.drop;
      // Two handles, two pools: two replicas on one PostgreSQL.
      databases = [openDatabase({ url: scratch.url }), openDatabase({ url: scratch.url })];
    } else {
      databases = [openDatabase({})];
    }
    await databases[0]?.migrate();
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
    await drop?.();
  });
  /** The first and the last handle: two replicas on PostgreSQL, the one database on PGlite. */
  const replicaDbs = (): [Db, Db] => {
    const [first, last] = [databases[0], databases[databases.length - 1]];
    if (!first || !last) throw new Error('no database');
    return [first.db, last.db];
  };

  it('hands out slots from one schedule to two replicas: 2 × 10 concurrent claims, every slot ≥ the interval apart', async () => {
    const slots = (
      await Promise.all(
        replicaDbs().flatMap((db) => Array.from({ length: 10 }, () => claimSlot(db, 'shared-test', INTERVAL_MS, null))),
      )
    )
      .map((slot) => slot?.slotMs ?? Number.NaN)
      .sort((a, b) => a - b);
    expect(slots).toHaveLength(20);
    // Slots are the database's arithmetic, not timers: exact (a microsecond for the float conversion).
    for (const gap of gaps(slots)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS - 0.001);
  });

  it('lets the concurrent callers of one process go one after the other, the interval apart', async () => {
    const [db] = replicaDbs();
    const times = await releaseTimes([createDatabasePacer(db, { service: 'local-test', intervalMs: INTERVAL_MS })], 10);
    // The chain spaces them on the local clock (Date.now has 1 ms steps: 2 ms of slack).
    for (const gap of gaps(times)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS - 2);
  });

  it('refuses, reserving nothing, when the shared schedule is more than maxWaiting intervals ahead', async () => {
    const [dbA, dbB] = replicaDbs();
    const options = { service: 'bounded-test', intervalMs: 2000, maxWaiting: 2 };
    const replicaA = createDatabasePacer(dbA, options);
    const replicaB = createDatabasePacer(dbB, options);
    // A takes the slot now and the two after it (4 s ahead); B, another replica, finds the queue full.
    const taken = [replicaA.waitForSlot(), replicaA.waitForSlot(), replicaA.waitForSlot()];
    const scheduleFull = async () => {
      const result = await dbB.execute(
        sql`select next_at > clock_timestamp() + interval '5 seconds' as full from outbound_pacing where service = 'bounded-test'`,
      );
      return (result as unknown as { rows: { full: boolean }[] }).rows[0]?.full === true;
    };
    for (let i = 0; i < 100 && !(await scheduleFull()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await replicaB.waitForSlot().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OutboundBusy);
    expect((refused as OutboundBusy).retryAfterMs).toBe(4000);
    await Promise.all(taken);
  }, 30_000);
});
