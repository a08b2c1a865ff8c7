import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { RawSession } from '../db/raw-session';
import { papers } from '../db/schema';

/** Whether the corpus holds any paper yet (a first start fills an empty one). */
export async function hasAnyPaper(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ exists: sql<boolean>`exists (select 1 from ${papers})` })
    .from(sql`(select 1) as one`);
  return Boolean(row?.exists);
}

/**
 * Secondary indexes of papers (everything but the primary key, which ON CONFLICT needs). Building a
 * GIN index once over all rows is several times cheaper than updating it row by row, so a load into
 * an empty table drops them and recreates each from its own definition before the commit.
 */
export async function withPaperIndexesDeferred<T>(session: RawSession, load: () => Promise<T>): Promise<T> {
  const [state] = await session.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM papers) AS empty');
  if (!state?.empty) return load();
  const indexes = await session.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'papers'
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'papers'::regclass)`,
  );
  for (const index of indexes) await session.query(`DROP INDEX "${index.name}"`);
  const result = await load();
  for (const index of indexes) await session.query(index.definition);
  return result;
}

/**
 * After a bulk load: VACUUM flushes the GIN indexes' pending lists (which a bulk load fills) and
 * refreshes statistics; without it every search scans those lists and the planner shuns the index.
 * PGlite has no autovacuum.
 */
export async function vacuumPapers(db: Db): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) papers`);
}
