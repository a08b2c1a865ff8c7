import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { processOwner } from '../scheduler';
import { releaseOrphanedJobs } from './orphaned-jobs';
import {
  type AnyQueueJobDefinition,
  backoffDelayMs,
  PermanentJobError,
  type QueueJobDefinition,
} from './queue-job-definition';
import {
  claimJobs,
  completeJob,
  extendJobLock,
  failJob,
  type QueueJobRow,
  retryJobLater,
  sweepFinishedJobs,
} from './queue-jobs.repo';

export interface JobQueue {
  /** Starts polling every pollMs (the server calls it once the database is migrated). */
  start(): void;
  /** Polls now (after an enqueue's commit), without waiting for the next interval. */
  wake(): void;
  /** Polls and runs until nothing is due and nothing runs here (tests; jobs in backoff are not waited for). */
  drain(): Promise<void>;
  /**
   * Stops polling and aborts running handlers without waiting for them: their locks expire and
   * another process, or the next start, takes them over (docs/security.md#work-queue-and-pdf-limits: shutdown does not drain).
   */
  stop(): Promise<void>;
  useLogger(log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>): void;
}

export interface JobQueueOptions {
  pollMs: number;
  /** Jobs this process runs at once, all kinds together. */
  concurrency: number;
  retentionDays: number;
  /** This process's name in locked_by (tests give two runners on one database different names). */
  owner?: string;
}

const SWEEP_EVERY_MS = 60 * 60_000;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * The poller of one process (docs/queue.md): claims due jobs of each kind with free slots, runs
 * their handlers while a heartbeat extends their locks, and records the outcome. Every replica runs
 * one; the database decides who runs what (queue-jobs.repo.ts).
 */
export function createJobQueue(
  context: () => AppContext,
  definitions: readonly AnyQueueJobDefinition[],
  { pollMs, concurrency, retentionDays, owner = processOwner() }: JobQueueOptions,
): JobQueue {
  const shutdown = new AbortController();
  const running = new Map<number, { kind: string; done: Promise<void> }>();
  let log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> = {
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  };
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let polling: Promise<number> | undefined;
  let pollAgain = false;
  let lastSweep = 0;
  /** The start-up release of earlier processes' jobs; polls wait for it. */
  let releasing: Promise<void> = Promise.resolve();

  const runningOf = (kind: string) => [...running.values()].filter((job) => job.kind === kind).length;

  /** One pass over the kinds: claims what fits in the free slots; resolves to how many were claimed. */
  const pollOnce = async (): Promise<number> => {
    const { db, config } = context();
    let claimed = 0;
    for (const definition of definitions) {
      if (shutdown.signal.aborted) break;
      const free = Math.min(
        concurrency - running.size,
        (definition.concurrency?.(config) ?? concurrency) - runningOf(definition.id),
      );
      if (free <= 0) continue;
      const jobs = await claimJobs(db, {
        kind: definition.id,
        owner,
        limit: free,
        visibilityTimeoutMs: definition.visibilityTimeoutMs,
      });
      for (const job of jobs) {
        const done = runJob(definition, job).finally(() => {
          running.delete(job.id);
          if (!shutdown.signal.aborted) wake();
        });
        running.set(job.id, { kind: definition.id, done });
      }
      claimed += jobs.length;
    }
    if (Date.now() - lastSweep > SWEEP_EVERY_MS && !shutdown.signal.aborted) {
      lastSweep = Date.now();
      const swept = await sweepFinishedJobs(db, retentionDays);
      if (swept) log.info({ swept }, 'queue: finished jobs swept');
    }
    return claimed;
  };

  /** Polls, coalescing overlapping requests into one more pass; never throws (a failed poll is logged). */
  const poll = (): Promise<number> => {
    if (polling) {
      pollAgain = true;
      return polling;
    }
    polling = (async () => {
      let claimed = 0;
      do {
        pollAgain = false;
        claimed += await pollOnce().catch((err: unknown) => {
          if (!shutdown.signal.aborted) log.error({ err }, 'queue: poll failed');
          return 0;
        });
      } while (pollAgain && !shutdown.signal.aborted);
      return claimed;
    })().finally(() => {
      polling = undefined;
    });
    return polling;
  };

  function wake() {
    if (started && !shutdown.signal.aborted) void poll();
  }

  /** Runs one claimed job to its outcome; after shutdown it writes nothing (the lock expires instead). */
  async function runJob(definition: QueueJobDefinition<unknown>, job: QueueJobRow): Promise<void> {
    const { db } = context();
    const abort = new AbortController();
    const onShutdown = () => abort.abort(new Error('the server is shutting down'));
    shutdown.signal.addEventListener('abort', onShutdown, { once: true });
    // An aborted job is no longer ours to hold: its lock must run out for someone else to take it.
    abort.signal.addEventListener('abort', () => clearInterval(heartbeat), { once: true });
    const heartbeat = setInterval(
      () => {
        void extendJobLock(db, job.id, owner, definition.visibilityTimeoutMs)
          .then((held) => {
            if (!held) abort.abort(new Error('the job was taken over by another process'));
          })
          .catch(() => undefined);
      },
      Math.max(50, definition.visibilityTimeoutMs / 3),
    );
    heartbeat.unref();
    const giveUp = async (reason: string) => {
      if (!(await failJob(db, job.id, owner, reason))) return;
      log.warn({ job: job.id, kind: job.kind, reason }, 'queue: job failed for good');
      const parsed = definition.payload.safeParse(job.payload);
      if (parsed.success) await definition.onGaveUp?.(context(), parsed.data, reason);
    };
    try {
      const payload = definition.payload.safeParse(job.payload);
      if (!payload.success)
        return await giveUp(`payload of version ${job.version} does not parse: ${payload.error.message}`);
      if (job.attempts > job.maxAttempts) {
        return await giveUp(
          `${job.lastError ?? 'its process stopped while running it'} (gave up after ${job.maxAttempts} attempts)`,
        );
      }
      try {
        await definition.handler(context(), payload.data, {
          jobId: job.id,
          attempt: job.attempts,
          signal: abort.signal,
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        const reason = errorText(error);
        if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) return await giveUp(reason);
        const delayMs = backoffDelayMs(definition.backoff, job.attempts);
        await retryJobLater(db, job.id, owner, reason, delayMs);
        log.warn({ job: job.id, kind: job.kind, attempt: job.attempts, reason, delayMs }, 'queue: job will be retried');
        return;
      }
      if (!abort.signal.aborted) await completeJob(db, job.id, owner);
    } catch (err) {
      // Recording the outcome failed (database gone): the lock expires and the job is tried again.
      if (!shutdown.signal.aborted) log.error({ err, job: job.id }, 'queue: could not record a job outcome');
    } finally {
      clearInterval(heartbeat);
      shutdown.signal.removeEventListener('abort', onShutdown);
    }
  }

  return {
    start() {
      if (started || shutdown.signal.aborted) return;
      started = true;
      const tick = () => {
        timer = setTimeout(() => void poll().finally(() => shutdown.signal.aborted || tick()), pollMs);
        timer.unref();
      };
      // A restart picks up what its crashed predecessor on this host held without waiting out the locks.
      releasing = releaseOrphanedJobs(context().db, owner)
        .then((released) => {
          if (released > 0) log.info({ released }, 'released the jobs of an earlier process');
        })
        .catch((error: unknown) => log.warn({ err: error }, 'could not release the jobs of earlier processes'))
        .finally(() => {
          if (shutdown.signal.aborted) return;
          tick();
          wake();
        });
    },
    wake,
    async drain() {
      if (!started) throw new Error('the queue is not started');
      await releasing;
      for (;;) {
        const claimed = await poll();
        if (claimed === 0 && running.size === 0) return;
        await Promise.all([...running.values()].map((job) => job.done));
      }
    },
    async stop() {
      shutdown.abort();
      clearTimeout(timer);
      // Only the in-flight queries are awaited (they must not outlive the database); handlers are not.
      await releasing;
      await polling?.catch(() => undefined);
    },
    useLogger(next) {
      log = next;
    },
  };
}
