import type { Db, Tx } from '../../db/client';
import { type JobPayloads, type QueuedJobId, type QueuedJobKind, queuedJob } from '../job-payloads';
import { insertJob } from './queue-jobs.repo';

export interface EnqueueOptions {
  /** At most one queued-or-running job of this kind per key: enqueueing it again is a no-op. */
  dedupeKey?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
}

/**
 * Adds a job of kind `id` (jobs/job-payloads.ts). Pass the caller's transaction to enqueue "with the
 * commit": a rolled-back write leaves no job, a committed one always has its job. The job runs on
 * whichever process polls first; call the local queue's wake() after the commit so this process looks
 * at once. Returns the job's id, or null when the dedupe key was already active.
 */
export function enqueue<Id extends QueuedJobId>(
  db: Db | Tx,
  id: Id,
  payload: JobPayloads[Id],
  options: EnqueueOptions = {},
): Promise<number | null> {
  return enqueueJob(db, queuedJob(id), payload, options);
}

/** Adds a job of any kind (enqueue's typed ids are the usual way in): the payload is checked with its schema. */
export async function enqueueJob<TPayload>(
  db: Db | Tx,
  kind: QueuedJobKind<TPayload>,
  payload: TPayload,
  { dedupeKey, runAt }: EnqueueOptions = {},
): Promise<number | null> {
  return insertJob(db, {
    kind: kind.id,
    version: kind.version,
    payload: kind.payload.parse(payload),
    maxAttempts: kind.maxAttempts,
    dedupeKey,
    runAt,
  });
}
