import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';

export interface ClaimOptions {
  /** A 'running' claim whose heartbeat is older than this was abandoned (the process died). */
  staleAfterMs: number;
  /** A failed run is tried again once this long has passed since it failed. */
  retryFailedAfterMs: number;
}

/**
 * Claims (job, slot) for `owner`. The insert is the claim; on conflict the row is taken over only if
 * its run failed long enough ago or its holder stopped beating. Returns whether `owner` holds it.
 */
export async function claimJobRun(
  db: Db,
  job: string,
  slot: string,
  owner: string,
  { staleAfterMs, retryFailedAfterMs }: ClaimOptions,
): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ job, slot, status: 'running', claimedBy: owner })
    .onConflictDoUpdate({
      target: [jobRuns.job, jobRuns.slot],
      set: {
        status: 'running',
        claimedBy: owner,
        startedAt: sql`now()`,
        heartbeatAt: sql`now()`,
        finishedAt: null,
        error: null,
        result: null,
      },
      setWhere: sql`(${jobRuns.status} = 'failed' and ${jobRuns.finishedAt} < now() - make_interval(secs => ${retryFailedAfterMs / 1000}))
        or (${jobRuns.status} = 'running' and ${jobRuns.heartbeatAt} < now() - make_interval(secs => ${staleAfterMs / 1000}))`,
    })
    .returning({ job: jobRuns.job });
  return rows.length === 1;
}

const heldBy = (job: string, slot: string, owner: string) =>
  and(eq(jobRuns.job, job), eq(jobRuns.slot, slot), eq(jobRuns.claimedBy, owner), eq(jobRuns.status, 'running'));

export async function beatJobRun(db: Db, job: string, slot: string, owner: string): Promise<void> {
  await db
    .update(jobRuns)
    .set({ heartbeatAt: sql`now()` })
    .where(heldBy(job, slot, owner));
}

export async function finishJobRun(
  db: Db,
  job: string,
  slot: string,
  owner: string,
  outcome: { status: 'done'; result: Record<string, unknown> | null } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      status: outcome.status,
      finishedAt: sql`now()`,
      result: outcome.status === 'done' ? outcome.result : null,
      error: outcome.status === 'failed' ? outcome.error : null,
    })
    .where(heldBy(job, slot, owner));
}
