import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/execute-result';
import { withRawTransaction } from '../db/raw-session';

/** A relation pg_prewarm reads into the operating system's page cache, and its size. */
export interface PrewarmTarget {
  name: string;
  bytes: number;
}

/** Tables whose indexes the first requests read; the small ones among them are read whole (papers' heap is not). */
const INDEXED_TABLES = sql.raw(`'papers'::regclass, 'term_frequencies'::regclass, 'common_query_windows'::regclass`);
const WHOLE_TABLES = sql.raw(`'term_frequencies'::regclass, 'common_query_windows'::regclass`);

/**
 * docs/deploy.md#warm-up-after-a-start: pg_prewarm is a contrib module of PostgreSQL (not of PGlite). Created
 * here when the server has it and this role may, as ensureSearchIndex does for RUM; false otherwise.
 */
export async function ensurePrewarm(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ available: boolean; installed: boolean }>(
    await db.execute(sql`select
      exists (select 1 from pg_available_extensions where name = 'pg_prewarm') as available,
      exists (select 1 from pg_extension where extname = 'pg_prewarm') as installed`),
  );
  if (!row?.available) return false;
  if (row.installed) return true;
  try {
    await db.execute(sql`create extension if not exists pg_prewarm`);
    return true;
  } catch {
    // Creating it takes a superuser (it is not a trusted extension): without one, the first requests read from disk.
    return false;
  }
}

/**
 * What the first requests after a start read, in the order they need it: the small b-trees every page view
 * touches (the primary key, the newest papers, title prefixes), the term statistics and the common words' kept
 * orders (docs/search.md#common-words), then the full-text indexes that rank and filter, smallest first, so a
 * budget cut keeps the most indexes whole.
 */
export async function selectPrewarmTargets(db: Db): Promise<PrewarmTarget[]> {
  const rows = rowsOf<{ name: string; bytes: string | number }>(
    await db.execute(sql`
      select c.relname as name, pg_relation_size(c.oid) as bytes
      from pg_class c join pg_am am on am.oid = c.relam
      where c.oid in (select indexrelid from pg_index where indrelid in (${INDEXED_TABLES}))
         or c.oid in (${WHOLE_TABLES})
      order by case when am.amname in ('btree', 'heap') then 0 else 1 end, pg_relation_size(c.oid), c.relname`),
  );
  return rows.map((row) => ({ name: row.name, bytes: Number(row.bytes) }));
}

/** Reads one relation into the OS page cache (mode 'read': synchronous, on every platform), without the statement timeout. */
export async function prewarmRelation(db: Db, name: string): Promise<number> {
  return withRawTransaction(db, async (session) => {
    await session.query('SET LOCAL statement_timeout = 0');
    const [row] = await session.query<{ blocks: string | number }>(
      `SELECT pg_prewarm(quote_ident($1)::regclass, 'read') AS blocks`,
      [name],
    );
    return Number(row?.blocks ?? 0);
  });
}
