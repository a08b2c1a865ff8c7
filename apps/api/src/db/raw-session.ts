import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client';
import type { PgliteClient } from './pglite-proxy';

/**
 * The driver-level connection behind a Drizzle handle, for what Drizzle cannot do: COPY. Bulk
 * writes (imports, harvest pages, fetched papers) run their statements through this, on one
 * connection, inside one transaction.
 */
export interface RawSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** COPY `target` FROM a CSV text (PostgreSQL: COPY FROM STDIN; PGlite: COPY FROM '/dev/blob'). */
  copyCsv(target: string, csv: string): Promise<void>;
}

/** An on-disk PGlite is the worker thread's proxy (pglite-proxy.ts): its transactions and COPY blobs cross to it. */
type Client = pg.Pool | PgliteClient;
const clientOf = (db: Db) => (db as unknown as { $client: Client }).$client;
const isPool = (client: Client): client is pg.Pool => typeof (client as pg.Pool).connect === 'function';

/**
 * Whether several withRawTransaction calls can run at once, each on its own connection (a PostgreSQL
 * pool). PGlite is one connection: its transactions queue, and one started inside another never runs.
 */
export const hasConcurrentSessions = (db: Db): boolean => isPool(clientOf(db));

function pgliteSession(tx: Transaction): RawSession {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
    copyCsv: async (target, csv) => {
      await tx.query(`COPY ${target} FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([csv]) });
    },
  };
}

function pgSession(connection: pg.PoolClient): RawSession {
  return {
    query: async <T>(text: string, params?: unknown[]) =>
      (await connection.query(text, params as unknown[])).rows as T[],
    copyCsv: (target, csv) =>
      pipeline(Readable.from([csv]), connection.query(copyFrom(`COPY ${target} FROM STDIN WITH (FORMAT csv)`))),
  };
}

/**
 * docs/security.md#rate-limits-and-quotas: DB_STATEMENT_TIMEOUT_MS bounds the statements of requests; bulk work (corpus load,
 * import, harvest upserts) is long by nature and lifts it for its own transaction only.
 */
const LIFT_STATEMENT_TIMEOUT = 'SET LOCAL statement_timeout = 0';

/** Runs `work` in one transaction on one connection: all its writes commit together or not at all. */
export async function withRawTransaction<T>(db: Db, work: (session: RawSession) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  if (!isPool(client)) {
    return client.transaction(async (tx) => {
      await tx.query(LIFT_STATEMENT_TIMEOUT);
      return work(pgliteSession(tx));
    });
  }
  const connection = await client.connect();
  try {
    await connection.query('BEGIN');
    await connection.query(LIFT_STATEMENT_TIMEOUT);
    const result = await work(pgSession(connection));
    await connection.query('COMMIT');
    return result;
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}
