import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AnyJobDefinition } from '../job-definition';
import { processOwner } from '../scheduler';
import type { QueueLog, QueueRunEnv } from './job-outcome';
import { releaseOrphanedJobs } from './orphaned-jobs';
import { claimJobs, sweepFinishedJobs } from './queue-jobs.repo';
import { runQueuedJob, visibilityTimeoutOf } from './run-queued-job';

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
  useLogger(log: QueueLog): void;
}

export interface JobQueueOptions {
  pollMs: number;
  /** Jobs this process runs at once, all kinds together. */
  concurrency: number;
  retentionDays: number;
  /** This process's name in locked_by (tests give two runners on one database different names). */
  owner?: string;
}

/** What the queue itself needs of the app context; each job's handler reads its own part. */
export interface QueueContext {
  db: Db;
  config: Config;
}

/** The poller's state: the jobs running here, and when finished jobs were last swept. */
interface Poller<TContext> extends QueueRunEnv<TContext> {
  definitions: readonly AnyJobDefinition<TContext>[];
  options: Required<JobQueueOptions>;
  running: Map<number, { kind: string; done: Promise<void> }>;
  lastSweep: number;
}

const SWEEP_EVERY_MS = 60 * 60_000;
const silentLog: QueueLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** How many more jobs of `definition` this process may start now (QUEUE_CONCURRENCY and the kind's own limit). */
function freeSlots<TContext>(poller: Poller<TContext>, definition: AnyJobDefinition<TContext>, config: Config) {
  const { concurrency } = poller.options;
  const ofKind = [...poller.running.values()].filter((job) => job.kind === definition.id).length;
  return Math.min(concurrency - poller.running.size, (definition.concurrency?.(config) ?? concurrency) - ofKind);
}

/** One pass over the kinds: claims what fits in the free slots and starts it; resolves to how many were claimed. */
async function claimDueJobs<TContext extends QueueContext>(poller: Poller<TContext>, onFinished: () => void) {
  const { db, config } = poller.context();
  let claimed = 0;
  for (const definition of poller.definitions) {
    if (poller.shutdown.aborted) break;
    const free = freeSlots(poller, definition, config);
    if (free <= 0) continue;
    const jobs = await claimJobs(db, {
      kind: definition.id,
      owner: poller.owner,
      limit: free,
      visibilityTimeoutMs: visibilityTimeoutOf(definition),
    });
    for (const job of jobs) {
      const done = runQueuedJob(poller, definition, job).finally(() => {
        poller.running.delete(job.id);
        onFinished();
      });
      poller.running.set(job.id, { kind: definition.id, done });
    }
    claimed += jobs.length;
  }
  return claimed;
}

/** At most once an hour per process: finished jobs older than QUEUE_RETENTION_DAYS are deleted. */
async function sweepIfDue<TContext extends QueueContext>(poller: Poller<TContext>) {
  if (Date.now() - poller.lastSweep <= SWEEP_EVERY_MS || poller.shutdown.aborted) return;
  poller.lastSweep = Date.now();
  const swept = await sweepFinishedJobs(poller.context().db, poller.options.retentionDays);
  if (swept) poller.log.info({ swept }, 'queue: finished jobs swept');
}

/**
 * Runs `pass` now, coalescing requests that come while it runs into one more pass; resolves to what the
 * passes claimed. Never throws: a failed pass is logged.
 */
function coalescingPoll<TContext>(poller: Poller<TContext>, pass: () => Promise<number>) {
  let polling: Promise<number> | undefined;
  let again = false;
  const poll = (): Promise<number> => {
    if (polling) {
      again = true;
      return polling;
    }
    polling = (async () => {
      let claimed = 0;
      do {
        again = false;
        claimed += await pass().catch((err: unknown) => {
          if (!poller.shutdown.aborted) poller.log.error({ err }, 'queue: poll failed');
          return 0;
        });
      } while (again && !poller.shutdown.aborted);
      return claimed;
    })().finally(() => {
      polling = undefined;
    });
    return polling;
  };
  return { poll, inFlight: () => polling };
}

/** At start: the jobs of this host's earlier processes are released (orphaned-jobs.ts); never throws. */
async function releaseEarlierProcesses<TContext extends QueueContext>(poller: Poller<TContext>) {
  try {
    const released = await releaseOrphanedJobs(poller.context().db, poller.owner);
    if (released > 0) poller.log.info({ released }, 'released the jobs of an earlier process');
  } catch (error) {
    poller.log.warn({ err: error }, 'could not release the jobs of earlier processes');
  }
}

/**
 * The poller of one process (docs/queue.md): claims due jobs of each queued kind of the registry with
 * free slots, runs their handlers while a heartbeat extends their locks, and records the outcome. Every
 * replica runs one; the database decides who runs what (queue-jobs.repo.ts). Scheduled jobs in the
 * registry are the scheduler's.
 */
export function createJobQueue<TContext extends QueueContext>(
  context: () => TContext,
  registry: readonly AnyJobDefinition<TContext>[],
  { owner = processOwner(), ...options }: JobQueueOptions,
): JobQueue {
  const shutdown = new AbortController();
  const poller: Poller<TContext> = {
    context,
    owner,
    log: silentLog,
    shutdown: shutdown.signal,
    definitions: registry.filter((definition) => !definition.schedule),
    options: { ...options, owner },
    running: new Map(),
    lastSweep: 0,
  };
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  /** The start-up release of earlier processes' jobs; polls wait for it. */
  let releasing: Promise<void> = Promise.resolve();
  const wake = () => {
    if (started && !shutdown.signal.aborted) void poll();
  };
  const { poll, inFlight } = coalescingPoll(poller, async () => {
    const claimed = await claimDueJobs(poller, wake);
    await sweepIfDue(poller);
    return claimed;
  });
  const tick = () => {
    timer = setTimeout(() => void poll().finally(() => shutdown.signal.aborted || tick()), options.pollMs);
    timer.unref();
  };

  return {
    start() {
      if (started || shutdown.signal.aborted) return;
      started = true;
      // A restart picks up what its crashed predecessor on this host held without waiting out the locks.
      releasing = releaseEarlierProcesses(poller).finally(() => {
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
        if (claimed === 0 && poller.running.size === 0) return;
        await Promise.all([...poller.running.values()].map((job) => job.done));
      }
    },
    async stop() {
      shutdown.abort();
      clearTimeout(timer);
      // Only the in-flight queries are awaited (they must not outlive the database); handlers are not.
      await releasing;
      await inFlight()?.catch(() => undefined);
    },
    useLogger(next) {
      poller.log = next;
    },
  };
}
