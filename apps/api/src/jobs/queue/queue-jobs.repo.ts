import { and, asc, eq, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { queueJobs } from '../../db/schema';

export type QueueJobRow = typeof queueJobs.$inferSelect;

/** Statuses in which a job is still to be done; dedupe keys are unique among these (partial index). */
const ACTIVE = sql`${queueJobs.status} in ('queued', 'running') and ${queueJobs.dedupeKey} is not null`;

const secondsFrom = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

export interface InsertJob {
  kind: string;
  version: number;
  payload: unknown;
  maxAttempts: number;
  dedupeKey?: string | undefined;
  runAt?: Date | undefined;
}

/** Inserts a job; with a dedupe key that is already queued or running, nothing. Returns the new id or null. */
export async function insertJob(db: Db | Tx, job: InsertJob): Promise<number | null> {
  const [row] = await db
    .insert(queueJobs)
    .values({
      kind: job.kind,
      version: job.version,
      payload: job.payload,
      maxAttempts: job.maxAttempts,
      dedupeKey: job.dedupeKey ?? null,
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .onConflictDoNothing({ target: [queueJobs.kind, queueJobs.dedupeKey], where: ACTIVE })
    .returning({ id: queueJobs.id });
  return row?.id ?? null;
}

/**
 * One job per paper of `papers` (a select of `platform` and `paper_id` columns), keyed `platform:paper_id`,
 * its payload the paper's reference: the start-up backfills and repairs (docs/queue.md). A paper whose job
 * is already queued or running gets none, so replicas starting together enqueue each once. Returns how
 * many were enqueued.
 */
export async function insertJobsForPapers(
  db: Db | Tx,
  job: { id: string; version: number; maxAttempts: number },
  papers: SQL,
): Promise<number> {
  const { id, version, maxAttempts } = job;
  const result = await db.execute(sql`
    insert into queue_jobs (kind, version, payload, dedupe_key, max_attempts)
    select ${id}, ${version}, jsonb_build_object('platform', p.platform, 'paper_id', p.paper_id),
           p.platform || ':' || p.paper_id, ${maxAttempts}
    from (${papers}) p
    where not exists (
      select 1 from queue_jobs q
      where q.kind = ${id} and q.dedupe_key = p.platform || ':' || p.paper_id and q.status in ('queued', 'running'))
    on conflict (kind, dedupe_key) where status in ('queued', 'running') and dedupe_key is not null do nothing
    returning id`);
  return rowsOf(result).length;
}

/**
 * Claims up to `limit` due jobs of one kind for `owner`: queued ones whose run_at has come, and
 * running ones whose lock has passed (their process died). SKIP LOCKED lets replicas claim side by
 * side without waiting on or taking each other's rows; the claim is the UPDATE, so a row is held by
 * one owner at a time. attempts counts claims, so a try cut short by a crash counts as one.
 */
export async function claimJobs(
  db: Db,
  {
    kind,
    owner,
    limit,
    visibilityTimeoutMs,
  }: { kind: string; owner: string; limit: number; visibilityTimeoutMs: number },
): Promise<QueueJobRow[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: queueJobs.id })
    .from(queueJobs)
    .where(
      and(
        eq(queueJobs.kind, kind),
        or(
          and(eq(queueJobs.status, 'queued'), lte(queueJobs.runAt, sql`now()`)),
          and(eq(queueJobs.status, 'running'), lt(queueJobs.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(asc(queueJobs.runAt), asc(queueJobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(queueJobs)
    .set({
      status: 'running',
      attempts: sql`${queueJobs.attempts} + 1`,
      lockedBy: owner,
      lockedUntil: secondsFrom(visibilityTimeoutMs),
      updatedAt: sql`now()`,
    })
    .where(inArray(queueJobs.id, due))
    .returning();
}

/** Held by `owner` and still running: every write after the claim is conditional on it. */
const heldBy = (id: number, owner: string) =>
  and(eq(queueJobs.id, id), eq(queueJobs.lockedBy, owner), eq(queueJobs.status, 'running'));

/** Extends the lock of a job `owner` still holds; false when it lost it (taken over after expiry). */
export async function extendJobLock(db: Db, id: number, owner: string, visibilityTimeoutMs: number) {
  const rows = await db
    .update(queueJobs)
    .set({ lockedUntil: secondsFrom(visibilityTimeoutMs), updatedAt: sql`now()` })
    .where(heldBy(id, owner))
    .returning({ id: queueJobs.id });
  return rows.length === 1;
}

export async function completeJob(db: Db, id: number, owner: string): Promise<boolean> {
  const rows = await db
    .update(queueJobs)
    .set({ status: 'done', lockedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()`, lastError: null })
    .where(heldBy(id, owner))
    .returning({ id: queueJobs.id });
  return rows.length === 1;
}

/** Queues the job again after `delayMs`, keeping the error; false when `owner` no longer held it. */
export async function retryJobLater(db: Db, id: number, owner: string, error: string, delayMs: number) {
  const rows = await db
    .update(queueJobs)
    .set({
      status: 'queued',
      runAt: secondsFrom(delayMs),
      lockedBy: null,
      lockedUntil: null,
      lastError: error,
      updatedAt: sql`now()`,
    })
    .where(heldBy(id, owner))
    .returning({ id: queueJobs.id });
  return rows.length === 1;
}

/** Fails the job for good; false when `owner` no longer held it. */
export async function failJob(db: Db, id: number, owner: string, error: string): Promise<boolean> {
  const rows = await db
    .update(queueJobs)
    .set({ status: 'failed', lockedUntil: null, lastError: error, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(heldBy(id, owner))
    .returning({ id: queueJobs.id });
  return rows.length === 1;
}

/** Deletes finished jobs older than the retention period; how many. */
export async function sweepFinishedJobs(db: Db, retentionDays: number): Promise<number> {
  const rows = await db
    .delete(queueJobs)
    .where(lt(queueJobs.finishedAt, sql`now() - make_interval(days => ${retentionDays})`))
    .returning({ id: queueJobs.id });
  return rows.length;
}

/** The distinct owners holding running jobs whose name starts with `prefix` (e.g. this host's 'host:'). */
export async function findRunningOwners(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ owner: queueJobs.lockedBy })
    .from(queueJobs)
    .where(and(eq(queueJobs.status, 'running'), sql`starts_with(${queueJobs.lockedBy}, ${prefix})`));
  return rows.flatMap((row) => (row.owner ? [row.owner] : []));
}

/** Ends the locks of these owners' running jobs now, so the next claim takes them over. */
export async function expireLocksOf(db: Db, owners: string[]): Promise<number> {
  if (owners.length === 0) return 0;
  const rows = await db
    .update(queueJobs)
    .set({ lockedUntil: sql`now() - interval '1 second'`, updatedAt: sql`now()` })
    .where(and(eq(queueJobs.status, 'running'), inArray(queueJobs.lockedBy, owners)))
    .returning({ id: queueJobs.id });
  return rows.length;
}
