import path from 'node:path';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';
import { processOwner } from '../jobs/scheduler';
import type { ImportSummary } from './bulk-import';

/**
 * docs/ingest.md#freshness: job_runs.job of a finished metadata import (first-start seed or
 * `pnpm ingest import`). Imports are runs of work like the scheduled jobs, so they are kept in the
 * same table (slot: the time it finished) rather than a table of their own; GET /api/corpus/status
 * reads the newest one as "updated at". The scheduler has no job of this id and never claims these rows.
 */
export const CORPUS_IMPORT_JOB = 'corpus-import';

/** Records an import that committed; called after its transaction, so a rolled-back import leaves no row. */
export async function recordCorpusImport(db: Db, summary: ImportSummary): Promise<void> {
  const finishedAt = new Date();
  await db
    .insert(jobRuns)
    .values({
      job: CORPUS_IMPORT_JOB,
      slot: finishedAt.toISOString(),
      status: 'done',
      claimedBy: processOwner(),
      startedAt: new Date(finishedAt.getTime() - summary.milliseconds),
      heartbeatAt: finishedAt,
      finishedAt,
      // The file's name only: where it lay on the operator's disk is nobody else's business.
      result: {
        file: path.basename(summary.file),
        lines: summary.lines,
        inserted: summary.inserted,
        updated: summary.updated,
        unchanged: summary.unchanged,
        skipped: summary.skipped,
      },
    })
    // Two imports finishing in the same millisecond in one process: the first record stands.
    .onConflictDoNothing();
}
