import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { CORPUS_IMPORT_JOB } from '../../ingest/corpus-imports.repo';
import { arxivHarvestJob } from '../../jobs/definitions/arxiv-harvest';

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
