import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { grants } from '../../db/schema';
import type { NewGrant } from './grant-record';

export interface GrantUpsertCounts {
  inserted: number;
  updated: number;
  /** Already stored exactly as given. */
  unchanged: number;
  /** Extra copies of one grant inside one call; the last copy was kept. */
  duplicates: number;
}

export const emptyGrantCounts = (): GrantUpsertCounts => ({ inserted: 0, updated: 0, unchanged: 0, duplicates: 0 });

export function addGrantCounts(total: GrantUpsertCounts, more: GrantUpsertCounts): void {
  total.inserted += more.inserted;
  total.updated += more.updated;
  total.unchanged += more.unchanged;
  total.duplicates += more.duplicates;
}

/** Rows per INSERT: 16 parameters each, well under PostgreSQL's 65,535. */
const BATCH_SIZE = 500;

const UPDATABLE = [
  'kind',
  'title',
  'abstract',
  'agency',
  'organisation',
  'pi',
  'amount',
  'currency',
  'startDate',
  'endDate',
  'closeDate',
  'keywords',
  'url',
] as const;

const excluded = (key: (typeof UPDATABLE)[number]) => sql`excluded.${sql.identifier(grants[key].name)}`;
const stored = sql.join(
  UPDATABLE.map((key) => sql`${grants}.${sql.identifier(grants[key].name)}`),
  sql`, `,
);
const incoming = sql.join(UPDATABLE.map(excluded), sql`, `);
const updateSet = {
  ...(Object.fromEntries(UPDATABLE.map((key) => [key, excluded(key)])) as Record<(typeof UPDATABLE)[number], SQL>),
  updatedAt: sql`now()`,
};

/**
 * Upserts grants by (source, source_id): a new grant is inserted, a changed one updated, an identical
 * one left alone (so its updated_at keeps telling when it last changed). One statement per batch.
 */
export async function upsertGrants(db: Db | Tx, rows: readonly NewGrant[]): Promise<GrantUpsertCounts> {
  const counts = emptyGrantCounts();
  const unique = new Map<string, NewGrant>();
  for (const row of rows) unique.set(`${row.source}\u0000${row.sourceId}`, row);
  counts.duplicates = rows.length - unique.size;
  const distinct = [...unique.values()];
  for (let start = 0; start < distinct.length; start += BATCH_SIZE) {
    const batch = distinct.slice(start, start + BATCH_SIZE);
    const written = await db
      .insert(grants)
      .values(batch)
      .onConflictDoUpdate({
        target: [grants.source, grants.sourceId],
        set: updateSet,
        setWhere: sql`(${stored}) is distinct from (${incoming})`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const inserted = written.filter((row) => row.inserted).length;
    counts.inserted += inserted;
    counts.updated += written.length - inserted;
    counts.unchanged += batch.length - written.length;
  }
  return counts;
}

/** Whether the grants table holds any grant yet (a first start fills an empty one). */
export async function hasAnyGrant(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ exists: sql<boolean>`exists (select 1 from ${grants})` })
    .from(sql`(select 1) as one`);
  return Boolean(row?.exists);
}

/** How many grants of each kind are stored. */
export async function countGrantsByKind(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: grants.kind, count: sql<number>`count(*)`.mapWith(Number) })
    .from(grants)
    .groupBy(grants.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, row.count]));
}

/** VACUUM flushes the GIN index's pending list after a bulk load (PGlite has no autovacuum). */
export async function vacuumGrants(db: Db): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) grants`);
}
