import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { CORPUS_IMPORT_JOB } from '../../ingest/corpus-imports.repo';
import { arxivHarvestJob } from '../../jobs/definitions/arxiv-harvest';
import { countPapers } from '../papers/papers.repo';

/**
 * docs/ingest.md#freshness: up to this many papers an exact count(*) takes a few milliseconds; past it
 * the count reads every row on every request (58-163 ms and both cores at 525k papers on PostgreSQL,
 * five times that for a full snapshot), so the planner's estimate answers instead.
 */
export const EXACT_COUNT_LIMIT = 100_000;

/**
 * The planner's own row estimate of papers: the tuples per page that the last VACUUM or ANALYZE saw
 * (the importer runs one, PostgreSQL's autovacuum more), times the table's pages now, so rows added
 * since then count too. Uploads are included (negligible at this size). Null when the table has never
 * been analysed. Reads one pg_class row: constant time at any size.
 */
async function estimatePaperRows(db: Db): Promise<number | null> {
  const result = await db.execute(sql`
    select case when c.reltuples < 0 or c.relpages = 0 then null
      else c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::float8)
    end as estimate
    from pg_class c where c.oid = 'papers'::regclass`);
  const estimate = rowsOf<{ estimate: number | string | null }>(result)[0]?.estimate;
  return estimate === null || estimate === undefined ? null : Number(estimate);
}

/** The corpus's size without counting millions of rows per request (EXACT_COUNT_LIMIT). */
export async function countCorpusPapers(
  db: Db,
  { exactBelow = EXACT_COUNT_LIMIT }: { exactBelow?: number } = {},
): Promise<{ papers: number; estimated: boolean }> {
  const estimate = await estimatePaperRows(db);
  if (estimate !== null && estimate >= exactBelow) return { papers: Math.round(estimate), estimated: true };
  return { papers: await countPapers(db), estimated: false };
}

export interface LastRefresh {
  /** The last committed harvest page, successful harvest run or import; null when none ever happened. */
  updatedAt: Date | null;
  /** Whether any harvest ever brought something in (a committed page) or ran to its end. */
  hasHarvested: boolean;
}

/**
 * When papers last arrived: harvest_states moves with every committed page (daily job or
 * `pnpm ingest harvest`), job_runs holds the finished daily harvests and the imports
 * (corpus-imports.repo.ts). Both tables hold a row per set or per day: small at any corpus size.
 */
export async function selectLastRefresh(db: Db): Promise<LastRefresh> {
  const result = await db.execute(sql`
    select greatest(
        (select max(updated_at) from harvest_states where pages_harvested > 0),
        (select max(finished_at) from job_runs
          where status = 'done' and job in (${arxivHarvestJob.id}, ${CORPUS_IMPORT_JOB}))
      ) as updated_at,
      exists (select 1 from harvest_states where pages_harvested > 0)
        or exists (select 1 from job_runs where job = ${arxivHarvestJob.id} and status = 'done') as has_harvested`);
  const [row] = rowsOf<{ updated_at: Date | string | null; has_harvested: boolean }>(result);
  return {
    updatedAt: row?.updated_at ? new Date(row.updated_at) : null,
    hasHarvested: Boolean(row?.has_harvested),
  };
}
