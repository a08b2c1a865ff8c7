import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from './client';
import { type PgliteClient, PgliteProxy } from './pglite-proxy';
import { withRawTransaction } from './raw-session';

/** Every worker thread the proxy starts, so a test can make one die under it. */
const startedWorkers = vi.hoisted(() => [] as import('node:worker_threads').Worker[]);
vi.mock('node:worker_threads', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:worker_threads')>();
  class RecordedWorker extends original.Worker {
    constructor(...args: ConstructorParameters<typeof original.Worker>) {
      super(...args);
      startedWorkers.push(this);
    }
  }
  return { ...original, Worker: RecordedWorker };
});

const clientOf = (database: Database) => (database.db as unknown as { $client: PgliteClient }).$client;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** docs/architecture.md#embedded-database-in-a-worker-thread: an on-disk PGlite is answered by a worker thread. */
describe('PGlite in a worker thread (on-disk embedded database)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function openOnDisk(dataDir?: string) {
    const dir = dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'pglite-worker-test-')));
    if (!dataDir) cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const database = openDatabase({ dataDir: dir, role: 'pglite-proxy.test' });
    cleanups.push(() => database.close());
    return { database, client: clientOf(database), dir };
  }

  // Opening a PGlite directory takes seconds: the tests that do not close it share one, each with its own tables.
  let shared: { database: Database; client: PgliteClient; dir: string };
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-worker-test-'));
    const database = openDatabase({ dataDir: dir, role: 'pglite-proxy.test' });
    shared = { database, client: clientOf(database), dir };
  });
  afterAll(async () => {
    await shared?.database.close();
    if (shared) await rm(shared.dir, { recursive: true, force: true });
  });

  it('runs the on-disk database through the proxy, with parameters', async () => {
    const { database, client } = shared;
    expect(client).toBeInstanceOf(PgliteProxy);
    expect((await client.query('select $1::int + $2::int as sum', [2, 3])).rows).toEqual([{ sum: 5 }]);
    const text = 'it’s "quoted" \\ and ünïcode';
    expect(rowsOf(await database.db.execute(sql`select ${text}::text as t`))).toEqual([{ t: text }]);
    // pg_trgm is loaded in the worker as on the main thread.
    await client.exec('create extension if not exists pg_trgm');
    expect((await client.query<{ s: number }>(`select similarity('graph', 'graphs') as s`)).rows[0]?.s).toBeGreaterThan(
      0.5,
    );
  });

  it('returns every type as the main-thread PGlite does, in object and array rows, with and without parsers', async () => {
    const { client } = shared;
    const inMemoryDatabase = openDatabase({});
    cleanups.push(() => inMemoryDatabase.close());
    const inMemory = clientOf(inMemoryDatabase);
    const query = `select
        '2026-01-02T03:04:05.678Z'::timestamptz as at, '2026-01-02'::date as day, '{"a":[1,{"b":null}],"c":"é"}'::jsonb as doc,
        array['x', null, 'z']::text[] as words, array[1, 2]::int4[] as ints, 9007199254740993::int8 as big,
        12345678901234567890.123::numeric as exact, 1.5::float8 as real, true as yes, false as no, null::text as nothing,
        '\\x00ff10'::bytea as bytes, $1::jsonb as param_doc, $2::timestamptz as param_at`;
    const params = [JSON.stringify({ k: [1, 2] }), new Date('2025-05-06T07:08:09.000Z')];
    // Drizzle's own options: timestamps and dates left as PostgreSQL's text (drizzle-orm/pglite/session.js).
    const drizzleLike: QueryOptions = {
      parsers: { [types.TIMESTAMPTZ]: (value) => value, [types.DATE]: (value) => value, 1185: (value) => value },
    };
    for (const options of [
      undefined,
      { rowMode: 'array' } as const,
      drizzleLike,
      { ...drizzleLike, rowMode: 'array' } as const,
    ]) {
      const viaWorker = await client.query(query, params, options);
      const onMainThread = await inMemory.query(query, params, options);
      expect(viaWorker.rows).toEqual(onMainThread.rows);
      expect(viaWorker.fields).toEqual(onMainThread.fields);
    }
    const [row] = (await client.query<Record<string, unknown>>(query, params)).rows;
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.bytes).toBeInstanceOf(Uint8Array);
    expect(row).toMatchObject({
      doc: { a: [1, { b: null }], c: 'é' },
      words: ['x', null, 'z'],
      yes: true,
      nothing: null,
    });
    const [array] = (await client.query<unknown[]>('select 1 as a, $1::text as b', ['x'], { rowMode: 'array' })).rows;
    expect(array).toEqual([1, 'x']);
    // A parser that changes the value runs on the main side, with the type id as PGlite passes it.
    const upper = await client.query<{ t: string }>(`select 'abc'::text as t`, [], {
      // PGlite's typings name the text argument only.
      parsers: {
        [types.TEXT]: (value: string, typeId: number) => `${value.toUpperCase()}:${typeId}`,
      } as unknown as QueryOptions['parsers'],
    });
    expect(upper.rows).toEqual([{ t: `ABC:${types.TEXT}` }]);
  });

  it('commits a transaction whose callback resolves, Drizzle nested savepoints included', async () => {
    const { database, client } = shared;
    await client.exec('drop table if exists item; create table item (id int primary key, note text)');
    const result = await client.transaction(async (tx) => {
      await tx.query('insert into item values ($1, $2)', [1, 'one']);
      return (await tx.query<{ n: number }>('select count(*)::int as n from item')).rows[0]?.n;
    });
    expect(result).toBe(1);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into item values (2, 'two')`);
      await tx.transaction(async (nested) => nested.execute(sql`insert into item values (3, 'three')`));
      await tx
        .transaction(async (nested) => {
          await nested.execute(sql`insert into item values (4, 'four')`);
          throw new Error('undo the savepoint only');
        })
        .catch(() => undefined);
    });
    expect((await client.query('select id from item order by id')).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('rolls back a transaction whose callback throws and rethrows the very error, a database error with its fields', async () => {
    const { client } = shared;
    await client.exec('drop table if exists item; create table item (id int primary key)');
    const thrown = new Error('the work failed');
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into item values (1)');
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    expect((await client.query('select * from item')).rows).toEqual([]);

    await client.query('insert into item values (1)');
    let caught: unknown;
    let queryAfter: unknown;
    let txHandle: { query: (sql: string) => Promise<unknown> } | undefined;
    try {
      await client.transaction(async (tx) => {
        txHandle = tx;
        await tx.query('insert into item values (2)');
        await tx.query('insert into item values (1)');
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(messages.DatabaseError);
    expect(caught).toMatchObject({
      code: '23505',
      constraint: 'item_pkey',
      detail: 'Key (id)=(1) already exists.',
      table: 'item',
      severity: 'ERROR',
      query: 'insert into item values (1)',
      message: expect.stringContaining('duplicate key value violates unique constraint "item_pkey"'),
    });
    await txHandle?.query('select 1').catch((error: unknown) => {
      queryAfter = error;
    });
    expect(queryAfter).toMatchObject({ message: 'Transaction is closed' });
    expect((await client.query('select id from item')).rows).toEqual([{ id: 1 }]);
  });

  it('keeps SQLSTATEs across the thread boundary: 23505 through Drizzle, 57014, 22P02', async () => {
    const { database } = shared;
    await database.db.execute(sql`drop table if exists item`);
    await database.db.execute(sql`create table item (id int primary key)`);
    await database.db.execute(sql`insert into item values (1)`);
    await expect(database.db.execute(sql`insert into item values (1)`)).rejects.toMatchObject({
      cause: { code: '23505', constraint: 'item_pkey' },
    });
    // PGlite itself never cancels on statement_timeout (no timer signal in its WASM build, as on the main thread):
    // the code of a cancelled statement is raised here to see it cross.
    await expect(
      database.db.execute(
        sql.raw(
          `do $$ begin raise exception using errcode = '57014', message = 'canceling statement due to statement timeout'; end $$`,
        ),
      ),
    ).rejects.toMatchObject({ cause: { code: '57014', message: 'canceling statement due to statement timeout' } });
    await expect(database.db.execute(sql`select ${'x'}::int`)).rejects.toMatchObject({ cause: { code: '22P02' } });
  });

  it('loads a COPY blob through the raw session and returns a written one', async () => {
    const { database, client } = shared;
    await client.exec('drop table if exists item; create table item (id int, note text)');
    const csv = Array.from({ length: 1000 }, (_, i) => `${i},"note ${i}, with a comma"`).join('\n');
    const counted = await withRawTransaction(database.db, async (session) => {
      await session.copyCsv('item (id, note)', csv);
      return (await session.query<{ n: number }>('select count(*)::int as n from item'))[0]?.n;
    });
    expect(counted).toBe(1000);
    const written = await client.query(`copy (select id from item where id < 3 order by id) to '/dev/blob'`);
    expect(await written.blob?.text()).toBe('0\n1\n2\n');
  });

  it('queues statements sent outside an open transaction until it ends, without a deadlock', async () => {
    const { client } = shared;
    await client.exec('drop table if exists item; create table item (id int primary key)');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    let began: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => {
      began = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into item values (1)');
      began();
      await held;
      await tx.query('insert into item values (2)');
      order.push('transaction done');
    });
    await begun;
    const outside = Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        client.query<{ n: number }>('select count(*)::int as n from item').then((result) => {
          order.push(`outside ${i}`);
          return result.rows[0]?.n;
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual([]);
    release();
    await transaction;
    expect(await outside).toEqual([2, 2, 2, 2, 2]);
    expect(order).toEqual(['transaction done', 'outside 0', 'outside 1', 'outside 2', 'outside 3', 'outside 4']);
  });

  it('leaves the event loop free while the worker runs a long statement', async () => {
    const { client } = shared;
    await client.query('select 1');
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    try {
      await client.query('select count(*) from generate_series(1, 2000000) a where a % 7 = 3');
    } finally {
      clearInterval(timer);
    }
    const took = performance.now() - started;
    // On the main thread the timer would not fire at all until the statement ended (a gap of `took`).
    expect(took).toBeGreaterThan(200);
    expect(longestGap).toBeLessThan(Math.min(150, took / 2));
    expect(ticks).toBeGreaterThan(took / 10 / 4);
  });

  it('closes: the worker ends, the data directory is released and opens again with its data', async () => {
    const { database, client, dir } = await openOnDisk();
    await client.exec(`create table marker (note text); insert into marker values ('kept')`);
    await database.close();
    expect(client.closed).toBe(true);
    await expect(client.query('select 1')).rejects.toThrow('PGlite is closed');
    const again = await openOnDisk(dir);
    expect((await again.client.query('select note from marker')).rows).toEqual([{ note: 'kept' }]);
  });

  it('refuses a parameter that cannot cross the thread boundary, and goes on answering', async () => {
    const { client } = shared;
    await expect(client.query('select $1::text as t', [() => 'a function'])).rejects.toThrow(/could not be cloned/);
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('fails every waiting request and reports once when the worker thread dies', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-worker-test-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const failures: Error[] = [];
    const proxy = new PgliteProxy(path.join(dir, 'pglite'), { onFailure: (error) => failures.push(error) });
    cleanups.push(() => proxy.close());
    await proxy.query('select 1');
    const worker = startedWorkers.at(-1) as Worker;
    const waiting = proxy.query('select count(*) from generate_series(1, 3000000)');
    await worker.terminate();
    await expect(waiting).rejects.toThrow(/worker thread exited/);
    await expect(proxy.query('select 1')).rejects.toThrow(/worker thread exited/);
    expect(failures).toHaveLength(1);
  });

  it('migrates through the proxy, with the statement timeout set before and after', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-worker-test-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const database = openDatabase({ dataDir: dir, role: 'pglite-proxy.test', statementTimeoutMs: 1500 });
    cleanups.push(() => database.close());
    await database.migrate();
    const show = async () =>
      rowsOf<{ statement_timeout: string }>(await database.db.execute(sql`show statement_timeout`));
    expect(await show()).toEqual([{ statement_timeout: '1500ms' }]);
    const [papers] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from papers`));
    expect(papers).toEqual({ n: 0 });
  });
});
