import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { papers } from '../db/schema';
import { type NewPaper, paperFromArxivRecord } from './arxiv-record';

/** Rows per INSERT: 11 parameters a row keeps each statement far below Postgres' 65,535 limit. */
const BATCH_SIZE = 1000;

export interface CorpusLoadResult {
  inserted: number;
  skipped: number;
  milliseconds: number;
}

async function* readJsonLines(file: string): AsyncGenerator<unknown> {
  const raw = createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line.trim()) continue;
    try {
      yield JSON.parse(line);
    } catch {
      yield undefined;
    }
  }
}

const SEARCH_INDEX = 'papers_search_vector_idx';

/**
 * Building a GIN index once over all rows is several times cheaper than updating it row by row, so
 * a load into an empty table drops the full-text index and recreates it from its own definition
 * (as the migration wrote it) before the transaction commits.
 */
async function withSearchIndexDeferred(tx: Db, load: () => Promise<void>) {
  const [empty] = await tx
    .select({ value: sql<boolean>`not exists (select 1 from ${papers})` })
    .from(sql`(select 1) as one`);
  const [index] = await tx
    .select({ definition: sql<string>`indexdef` })
    .from(sql`pg_indexes`)
    .where(sql`schemaname = current_schema() and indexname = ${SEARCH_INDEX}`);
  const definition = index?.definition;
  if (!empty?.value || !definition) return load();
  await tx.execute(sql.raw(`DROP INDEX ${SEARCH_INDEX}`));
  await load();
  await tx.execute(sql.raw(definition));
}

/**
 * Loads a metadata dump with batched multi-row inserts inside one transaction: either the whole
 * corpus lands or none of it does. Papers already present are left as they are.
 */
export async function loadCorpus(db: Db, file: string): Promise<CorpusLoadResult> {
  const started = performance.now();
  let inserted = 0;
  let skipped = 0;
  await db.transaction(async (tx) =>
    withSearchIndexDeferred(tx as unknown as Db, async () => {
      let batch: NewPaper[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const rows = await tx.insert(papers).values(batch).onConflictDoNothing().returning({ id: papers.paperId });
        inserted += rows.length;
        skipped += batch.length - rows.length;
        batch = [];
      };
      for await (const value of readJsonLines(file)) {
        const paper = paperFromArxivRecord(value);
        if (!paper) {
          skipped += 1;
          continue;
        }
        batch.push(paper);
        if (batch.length >= BATCH_SIZE) await flush();
      }
      await flush();
    }),
  );
  // VACUUM flushes the GIN index's pending list (which a bulk load fills) and refreshes statistics;
  // without it every search scans that list and the planner shuns the index. PGlite has no autovacuum.
  await db.execute(sql`VACUUM (ANALYZE) papers`);
  return { inserted, skipped, milliseconds: Math.round(performance.now() - started) };
}

/** First start: fill an empty papers table from the shipped corpus. */
export async function seedCorpusIfEmpty(db: Db, file: string): Promise<CorpusLoadResult | null> {
  const [row] = await db
    .select({ exists: sql<boolean>`exists (select 1 from ${papers})` })
    .from(sql`(select 1) as one`);
  if (row?.exists) return null;
  return loadCorpus(db, file);
}
