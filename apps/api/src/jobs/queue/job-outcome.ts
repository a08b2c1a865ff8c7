import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type AnyJobDefinition, type Backoff, PermanentJobError } from '../job-definition';
import { failJob, type QueueJobRow, retryJobLater } from './queue-jobs.repo';

export type QueueLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** What running one job needs of its poller. */
export interface QueueRunEnv<TContext> {
  context: () => TContext;
  /** This process's name in locked_by. */
  owner: string;
  log: QueueLog;
  /** Aborted when the queue stops: nothing more is written (docs/queue.md, shutdown). */
  shutdown: AbortSignal;
}

/** docs/queue.md: a queued job's lock lasts two minutes unless its definition says otherwise (heartbeat every 40 s). */
export const DEFAULT_VISIBILITY_TIMEOUT_MS = 120_000;
/** docs/queue.md: 30 s after the first failure, doubling to at most 30 min, unless its definition says otherwise. */
const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 30 * 60_000 };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** The delay before the next try once `attempt` tries have failed: baseMs · 2^(attempt−1), at most maxMs. */
export function backoffDelayMs({ baseMs, maxMs }: Backoff, attempt: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** Fails the job for good (if this process still holds it) and runs the definition's onGaveUp once. */
export async function giveUp<TContext>(
  { context, owner, log }: QueueRunEnv<TContext>,
  db: Db,
  definition: AnyJobDefinition<TContext>,
  job: QueueJobRow,
  reason: string,
): Promise<void> {
  if (!(await failJob(db, job.id, owner, reason))) return;
  log.warn({ job: job.id, kind: job.kind, reason }, 'queue: job failed for good');
  const parsed = definition.payload.safeParse(job.payload);
  const onGaveUp = parsed.success ? await definition.onGaveUp?.() : undefined;
  await onGaveUp?.(context(), parsed.data, reason);
}

/**
 * After a handler threw: a PermanentJobError or the last attempt fails the job for good; anything else
 * queues it again after the definition's backoff, with the error kept as last_error.
 */
export async function retryOrGiveUp<TContext>(
  env: QueueRunEnv<TContext>,
  db: Db,
  definition: AnyJobDefinition<TContext>,
  job: QueueJobRow,
  error: unknown,
): Promise<void> {
  const reason = errorText(error);
  if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
    return giveUp(env, db, definition, job, reason);
  }
  const delayMs = backoffDelayMs(definition.backoff ?? DEFAULT_BACKOFF, job.attempts);
  await retryJobLater(db, job.id, env.owner, reason, delayMs);
  env.log.warn({ job: job.id, kind: job.kind, attempt: job.attempts, reason, delayMs }, 'queue: job will be retried');
}
