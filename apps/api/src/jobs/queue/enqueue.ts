import type { Db, Tx } from '../../db/client';
import type { QueueJobDefinition } from './queue-job-definition';
import { insertJob } from './queue-jobs.repo';

export interface EnqueueOptions {
  /** At most one queued-or-running job of this kind per key: enqueueing it again is a no-op. */
  dedupeKey?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
}

/**
 * Adds a job. Pass the caller's transaction to enqueue "with the commit": a rolled-back write leaves
 * no job, a committed one always has its job. The job runs on whichever process polls first; call
 * the local queue's wake() after the commit so this process looks at once. Returns the job's id, or
 * null when the dedupe key was already active.
 */
export async function enqueue<TPayload>(
  db: Db | Tx,
  definition: QueueJobDefinition<TPayload>,
  payload: TPayload,
  { dedupeKey, runAt }: EnqueueOptions = {},
): Promise<number | null> {
  return insertJob(db, {
    kind: definition.id,
    version: definition.version,
    payload: definition.payload.parse(payload),
    maxAttempts: definition.maxAttempts,
    dedupeKey,
    runAt,
  });
}
