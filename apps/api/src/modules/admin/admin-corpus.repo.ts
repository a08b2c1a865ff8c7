import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { harvestStates, jobRuns, queueJobs } from '../../db/schema';

/** Every set's harvest state, most recently moved first (a row per set: small). */
export function selectHarvestStates(db: Db) {
  return db.select().from(harvestStates).orderBy(desc(harvestStates.updatedAt)).limit(100);
}

export interface FinishedRun {
  status: string;
  finishedAt: Date | null;
  error: string | null;
}

/** The last finished run of the daily harvest (job_runs). */
export async function selectLastScheduledRun(db: Db, job: string): Promise<FinishedRun | null> {
  const [row] = await db
    .select({ status: jobRuns.status, finishedAt: jobRuns.finishedAt, error: jobRuns.error })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), isNotNull(jobRuns.finishedAt)))
    .orderBy(desc(jobRuns.finishedAt))
    .limit(1);
  return row ?? null;
}

/** The last finished "Harvest now" (queue_jobs). */
export async function selectLastQueuedRun(db: Db, kind: string): Promise<FinishedRun | null> {
  const [row] = await db
    .select({ status: queueJobs.status, finishedAt: queueJobs.finishedAt, error: queueJobs.lastError })
    .from(queueJobs)
    .where(and(eq(queueJobs.kind, kind), inArray(queueJobs.status, ['done', 'failed'])))
    .orderBy(desc(queueJobs.finishedAt))
    .limit(1);
  return row ?? null;
}
