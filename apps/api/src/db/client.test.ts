import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test-support/test-app';
import { openDatabase } from './client';

describe.runIf(process.env.DATABASE_URL)('start-up lock (postgres)', () => {
  it('makes two replicas starting together take turns', async () => {
    const scratch = await createScratchDatabase();
    const replicas = [openDatabase({ url: scratch.url }), openDatabase({ url: scratch.url })];
    const events: string[] = [];
    try {
      await Promise.all(
        replicas.map((replica, i) =>
          replica.withStartupLock(async () => {
            events.push(`start ${i}`);
            await replica.migrate();
            await sleep(200);
            events.push(`end ${i}`);
          }),
        ),
      );
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await scratch.drop();
    }
    expect(events).toHaveLength(4);
    expect(events[0]?.replace('start', 'end')).toBe(events[1]);
    expect(events[2]?.replace('start', 'end')).toBe(events[3]);
  });
});

describe('start-up lock (pglite)', () => {
  it('just runs the work on the embedded database', async () => {
    const database = openDatabase({});
    try {
      expect(await database.withStartupLock(async () => 'done')).toBe('done');
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('dropped connections (postgres)', () => {
  it('survives the server terminating an idle pooled connection, and keeps answering', async () => {
    const scratch = await createScratchDatabase();
    const database = openDatabase({ url: scratch.url });
    const admin = openDatabase({ url: process.env.DATABASE_URL });
    try {
      await database.db.execute(sql`select 1`);
      await admin.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${new URL(scratch.url).pathname.slice(1)}`,
      );
      await sleep(200);
      const [row] = await database.db.select({ answer: sql<number>`42` }).from(sql`(select 1) as one`);
      expect(row).toEqual({ answer: 42 });
    } finally {
      await database.close();
      await admin.close();
      await scratch.drop();
    }
  });
});
