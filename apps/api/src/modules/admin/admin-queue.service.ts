import { ADMIN_JOB_STATUSES, type TAdminJob, type TAdminQueue } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { QueueJobRow } from '../../jobs/queue/queue-jobs.repo';
import { AppError, notFound } from '../../lib/app-error';
import type { AdminCaller } from '../../policies/admin.policy';
import { insertAuditEntry } from './admin-audit.repo';
import {
  countJobsByStatus,
  deleteJob,
  hasActiveTwin,
  lockJob,
  requeueJob,
  selectFailedJobs,
  selectPendingJobs,
} from './admin-queue.repo';

/** What a job is about, from its payload: the paper of most jobs ('arxiv:2401.00001'). */
function subjectOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { platform, paper_id: paperId } = payload as Record<string, unknown>;
  return typeof platform === 'string' && typeof paperId === 'string' ? `${platform}:${paperId}` : null;
}

const knownStatus = (status: string): TAdminJob['status'] =>
  (ADMIN_JOB_STATUSES as readonly string[]).includes(status) ? (status as TAdminJob['status']) : 'failed';

export function presentJob(row: QueueJobRow): TAdminJob {
  return {
    id: row.id,
    kind: row.kind,
    status: knownStatus(row.status),
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    subject: subjectOf(row.payload),
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    run_at: row.runAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** GET /api/admin/queue. */
export async function readQueue(db: Db): Promise<TAdminQueue> {
  const [counts, pending, failed] = await Promise.all([
    countJobsByStatus(db),
    selectPendingJobs(db),
    selectFailedJobs(db),
  ]);
  return {
    counts: {
      queued: counts.queued ?? 0,
      running: counts.running ?? 0,
      done: counts.done ?? 0,
      failed: counts.failed ?? 0,
    },
    pending: pending.map(presentJob),
    failed: failed.map(presentJob),
  };
}

const describeJob = (row: QueueJobRow) =>
  `job ${row.id} (${row.kind}${subjectOf(row.payload) ? ` ${subjectOf(row.payload)}` : ''})`;

/** POST /api/admin/queue/:id/retry: a failed job queued again with the audit row, then this process looks at once. */
export async function retryJob({ db, queue }: Pick<AppContext, 'db' | 'queue'>, admin: AdminCaller, id: number) {
  const job = await db.transaction(async (tx) => {
    const row = await lockJob(tx, id);
    if (!row) throw notFound(`Job ${id}`);
    if (row.status !== 'failed') {
      throw new AppError('CONFLICT', `Job ${id} is ${row.status}, not failed: only a failed job can be retried`);
    }
    if (await hasActiveTwin(tx, row)) {
      throw new AppError(
        'CONFLICT',
        `The same work (${row.kind} ${row.dedupeKey}) is already queued: discard this one`,
      );
    }
    await insertAuditEntry(tx, admin, {
      action: 'job.retry',
      target: describeJob(row),
      detail: { last_error: row.lastError },
    });
    return requeueJob(tx, id);
  });
  queue.wake();
  return presentJob(job);
}

/** POST /api/admin/queue/:id/discard: a failed or queued job removed with the audit row; a running one is left alone. */
export async function discardJob(db: Db, admin: AdminCaller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockJob(tx, id);
    if (!row) throw notFound(`Job ${id}`);
    if (row.status === 'running') {
      throw new AppError('CONFLICT', `Job ${id} is running: wait for it to finish or fail, then discard it`);
    }
    if (row.status === 'done') throw new AppError('CONFLICT', `Job ${id} is done: there is nothing to discard`);
    await insertAuditEntry(tx, admin, {
      action: 'job.discard',
      target: describeJob(row),
      detail: { status: row.status, last_error: row.lastError },
    });
    await deleteJob(tx, id);
  });
}
