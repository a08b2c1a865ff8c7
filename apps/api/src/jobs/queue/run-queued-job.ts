import type { Db } from '../../db/client';
import { type AnyJobDefinition, runHandler } from '../job-definition';
import { DEFAULT_VISIBILITY_TIMEOUT_MS, giveUp, type QueueRunEnv, retryOrGiveUp } from './job-outcome';
import { completeJob, extendJobLock, type QueueJobRow } from './queue-jobs.repo';

export const visibilityTimeoutOf = (definition: { visibilityTimeoutMs?: number }) =>
  definition.visibilityTimeoutMs ?? DEFAULT_VISIBILITY_TIMEOUT_MS;

/**
 * Renews the job's lock every third of its visibility timeout while it runs; when another process has
 * taken the job over, aborts the run. An aborted run is no longer ours to hold, so the renewal stops
 * and the lock runs out for someone else to take it. Returns the stop of the renewal.
 */
function holdLock(db: Db, job: QueueJobRow, owner: string, visibilityTimeoutMs: number, abort: AbortController) {
  const heartbeat = setInterval(
    () => {
      void extendJobLock(db, job.id, owner, visibilityTimeoutMs)
        .then((held) => {
          if (!held) abort.abort(new Error('the job was taken over by another process'));
        })
        .catch(() => undefined);
    },
    Math.max(50, visibilityTimeoutMs / 3),
  );
  heartbeat.unref();
  const stop = () => clearInterval(heartbeat);
  abort.signal.addEventListener('abort', stop, { once: true });
  return stop;
}

/** Runs the handler of a job whose payload parsed; records done, a retry, or the give-up. */
async function runAndRecord<TContext>(
  env: QueueRunEnv<TContext>,
  db: Db,
  definition: AnyJobDefinition<TContext>,
  job: QueueJobRow,
  payload: unknown,
  signal: AbortSignal,
): Promise<void> {
  try {
    await runHandler(definition, env.context(), payload, { signal });
  } catch (error) {
    if (!signal.aborted) await retryOrGiveUp(env, db, definition, job, error);
    return;
  }
  if (!signal.aborted) await completeJob(db, job.id, env.owner);
}

/**
 * Runs one claimed job to its outcome (docs/queue.md#a-jobs-life). A payload that no longer parses,
 * or a job whose processes died on every try (claimed past max_attempts), fails for good without
 * running. After shutdown nothing is written: the lock expires instead.
 */
export async function runQueuedJob<TContext extends { db: Db }>(
  env: QueueRunEnv<TContext>,
  definition: AnyJobDefinition<TContext>,
  job: QueueJobRow,
): Promise<void> {
  const { db } = env.context();
  const abort = new AbortController();
  const onShutdown = () => abort.abort(new Error('the server is shutting down'));
  env.shutdown.addEventListener('abort', onShutdown, { once: true });
  const stopHeartbeat = holdLock(db, job, env.owner, visibilityTimeoutOf(definition), abort);
  try {
    const payload = definition.payload.safeParse(job.payload);
    if (!payload.success) {
      return await giveUp(
        env,
        db,
        definition,
        job,
        `payload of version ${job.version} does not parse: ${payload.error.message}`,
      );
    }
    if (job.attempts > job.maxAttempts) {
      const lastError = job.lastError ?? 'its process stopped while running it';
      return await giveUp(env, db, definition, job, `${lastError} (gave up after ${job.maxAttempts} attempts)`);
    }
    await runAndRecord(env, db, definition, job, payload.data, abort.signal);
  } catch (err) {
    // Recording the outcome failed (database gone): the lock expires and the job is tried again.
    if (!env.shutdown.aborted) env.log.error({ err, job: job.id }, 'queue: could not record a job outcome');
  } finally {
    stopHeartbeat();
    env.shutdown.removeEventListener('abort', onShutdown);
  }
}
