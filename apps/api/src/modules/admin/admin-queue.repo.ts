import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queueJobs } from '../../db/schema';
import type { QueueJobRow } from '../../jobs/queue/queue-jobs.repo';

/** How many of each list the Work queue section shows. */
export const QUEUE_PAGE = 50;

export async function countJobsByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ status: queueJobs.status, n: count() }).from(queueJobs).groupBy(queueJobs.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** Queued and running jobs, next due first. */
export function selectPendingJobs(db: Db): Promise<QueueJobRow[]> {
  return db
    .select()
    .from(queueJobs)
    .where(inArray(queueJobs.status, ['queued', 'running']))
    .orderBy(asc(queueJobs.runAt), asc(queueJobs.id))
    .limit(QUEUE_PAGE);
}

/** Failed jobs, newest first. */
export function selectFailedJobs(db: Db): Promise<QueueJobRow[]> {
  return db
    .select()
    .from(queueJobs)
    .where(eq(queueJobs.status, 'failed'))
    .orderBy(desc(queueJobs.finishedAt), desc(queueJobs.id))
    .limit(QUEUE_PAGE);
}

/** The job, locked for the action about to change it; null when there is none. */
export async function lockJob(tx: Tx, id: number): Promise<QueueJobRow | null> {
  const [row] = await tx.select().from(queueJobs).where(eq(queueJobs.id, id)).for('update');
  return row ?? null;
}

/** Whether another job of this kind and key is queued or running (its dedupe key is taken). */
export async function hasActiveTwin(tx: Tx, job: QueueJobRow): Promise<boolean> {
  if (job.dedupeKey === null) return false;
  const [row] = await tx
    .select({ id: queueJobs.id })
    .from(queueJobs)
    .where(
      and(
        eq(queueJobs.kind, job.kind),
        eq(queueJobs.dedupeKey, job.dedupeKey),
        inArray(queueJobs.status, ['queued', 'running']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A failed job queued again, due now, with its tries counted afresh (its last error stays until the next try). */
export async function requeueJob(tx: Tx, id: number): Promise<QueueJobRow> {
  const [row] = await tx
    .update(queueJobs)
    .set({
      status: 'queued',
      attempts: 0,
      runAt: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
      finishedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(queueJobs.id, id))
    .returning();
  if (!row) throw new Error(`queue_jobs ${id}: the locked row was not updated`);
  return row;
}

export async function deleteJob(tx: Tx, id: number): Promise<void> {
  await tx.delete(queueJobs).where(eq(queueJobs.id, id));
}

/** The newest job of `kind` that is queued or running, if any. */
export async function selectActiveJobOf(db: Db, kind: string): Promise<QueueJobRow | null> {
  const [row] = await db
    .select()
    .from(queueJobs)
    .where(and(eq(queueJobs.kind, kind), inArray(queueJobs.status, ['queued', 'running'])))
    .orderBy(desc(queueJobs.id))
    .limit(1);
  return row ?? null;
}
