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
import * as schema from './schema';

/** Key of the PostgreSQL advisory lock that serialises start-up across replicas (any fixed int). */
const STARTUP_LOCK_KEY = 727_274_101;

/** The Drizzle handle the app uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

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
}

export function openDatabase({ url, dataDir }: DatabaseOptions): Database {
  const migrationsFolder = migrationsDir;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle pooled connection that the server drops (restart, failover, an administrator's
    // terminate) is re-emitted on the pool; with no listener that would crash the process. The pool
    // discards that connection and the next query opens a fresh one, so nothing else is needed.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
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
  // pg_trgm (typo-tolerant title search) ships with PGlite as a loadable extension.
  const extensions = { pg_trgm };
  let client: PGlite;
  if (dataDir) {
    const pgliteDir = path.join(dataDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    client = new PGlite(pgliteDir, { extensions });
  } else {
    client = new PGlite({ extensions });
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // An embedded database belongs to one process: there is no one to take turns with.
    withStartupLock: (work) => work(),
    close: () => client.close(),
  };
}
