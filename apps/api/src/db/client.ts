import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/package-paths';
import { ADVISORY_LOCKS } from './advisory-locks';
import { lockDataDir } from './data-dir-lock';
import { type PgliteClient, PgliteProxy } from './pglite-proxy';
import * as schema from './schema';

/** Key of the PostgreSQL advisory lock that serialises start-up across replicas. */
const STARTUP_LOCK_KEY = ADVISORY_LOCKS.startup;

/** The Drizzle handle the app uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The transaction handle Drizzle passes to `db.transaction` callbacks. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (same SQL on both drivers). */
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, first-start corpus) while holding a database-wide lock, so
   * replicas starting together against one PostgreSQL take turns instead of racing.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /**
   * docs/testing.md: an already open PGlite to use as it is (tests load a migrated template into a
   * fresh instance instead of migrating each one); closed by close().
   */
  pglite?: PGlite | undefined;
  /**
   * docs/security.md#embedded-database-lock: who opens an on-disk PGlite ('server', 'pnpm ingest import', …), written into the
   * DATA_DIR lock so a refused second opener can name the holder.
   */
  role?: string;
  /**
   * docs/security.md#rate-limits-and-quotas: longest one statement may run, in ms (DB_STATEMENT_TIMEOUT_MS); 0 or unset: no
   * limit (the CLIs). Bulk transactions lift it for themselves (db/raw-session.ts).
   */
  statementTimeoutMs?: number | undefined;
}

/** The embedded database's worker thread died: nothing can be answered any more, so stop and be restarted. */
function exitOnDatabaseWorkerFailure(error: Error) {
  console.error(`the embedded database stopped (${error.message}): exiting`);
  process.exit(70);
}

/** The DATA_DIR lock was taken over by another process: stop before two processes write one database. */
function exitOnLostLock(error: Error) {
  console.error(`the lock on the data directory was lost (${error.message}): stopping before the database is damaged`);
  process.exit(70);
}

export function openDatabase(options: DatabaseOptions): Database {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

/** PostgreSQL through a pool of node-postgres connections. */
function openPostgres(url: string, { statementTimeoutMs }: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Sent in every connection's startup packet, so each pooled session starts with the limit.
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
    // docs/benchmarks.md#search-at-scale: JIT compiles a plan whose cost estimate is high, as a common
    // word's count at millions of papers is; compiling took 0.8 s of an 11 s count and never paid back
    // on these short statements.
    options: '-c jit=off',
  });
  // An idle pooled connection that the server drops (restart, failover, an administrator's
  // terminate) is re-emitted on the pool; with no listener that would crash the process. The pool
  // discards that connection and the next query opens a fresh one, so nothing else is needed.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    // Migrations may build indexes over big tables: they run on a connection without the statement timeout.
    migrate: statementTimeoutMs
      ? async () => {
          const unbounded = new pg.Pool({ connectionString: url, max: 1 });
          try {
            await migratePg(drizzlePg(unbounded, { schema }), { migrationsFolder: migrationsDir });
          } finally {
            await unbounded.end();
          }
        }
      : () => migratePg(db, { migrationsFolder: migrationsDir }),
    withStartupLock: async (work) => {
      const lockHolder = await pool.connect();
      try {
        await lockHolder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await lockHolder.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        lockHolder.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The PGlite client to use: the one given (tests), one on disk under DATA_DIR in a worker thread, or one
 * in memory; with the DATA_DIR lock taken for one on disk.
 */
function openPgliteClient({ dataDir, pglite, role = 'a Paperbench process' }: DatabaseOptions): {
  client: PgliteClient;
  dataDirLock?: ReturnType<typeof lockDataDir>;
} {
  if (pglite) return { client: pglite };
  // pg_trgm (typo-tolerant title search) ships with PGlite as a loadable extension.
  if (!dataDir) return { client: new PGlite({ extensions: { pg_trgm } }) };
  const pgliteDir = path.join(dataDir, 'pglite');
  mkdirSync(pgliteDir, { recursive: true });
  // docs/security.md#embedded-database-lock: before PGlite touches a file; throws DataDirLocked when another process has it.
  const dataDirLock = lockDataDir(dataDir, role, exitOnLostLock);
  try {
    // docs/architecture.md#embedded-database-in-a-worker-thread: PGlite runs every statement on the thread that
    // owns it, so the server's own database runs in a worker thread and HTTP keeps being answered meanwhile.
    return { client: new PgliteProxy(pgliteDir, { onFailure: exitOnDatabaseWorkerFailure }), dataDirLock };
  } catch (error) {
    dataDirLock.release();
    throw error;
  }
}

/** The embedded PGlite database: one session, in this process or its worker thread. */
function openPglite(options: DatabaseOptions): Database {
  const { statementTimeoutMs } = options;
  const { client, dataDirLock } = openPgliteClient(options);
  // PGlite is one session and runs queries in order: this SET comes before anything else sent.
  if (statementTimeoutMs) {
    client.exec(`SET statement_timeout = ${Math.trunc(statementTimeoutMs)}`).catch(() => undefined);
  }
  // Drizzle's PGlite session calls only query and transaction, which the worker's proxy answers as PGlite does.
  const db = drizzlePglite(client as PGlite, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: async () => {
      if (!statementTimeoutMs) return migratePglite(db, { migrationsFolder: migrationsDir });
      await client.exec('SET statement_timeout = 0');
      try {
        await migratePglite(db, { migrationsFolder: migrationsDir });
      } finally {
        await client.exec(`SET statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
      }
    },
    // An embedded database belongs to one process: there is no one to take turns with.
    withStartupLock: (work) => work(),
    close: async () => {
      try {
        await client.close();
      } finally {
        dataDirLock?.release();
      }
    },
  };
}
