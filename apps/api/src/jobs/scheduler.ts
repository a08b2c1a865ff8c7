import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type AnyJobDefinition, runHandler, ServiceUnreachable } from './job-definition';
import { beatJobRun, type ClaimOptions, claimJobRun, finishJobRun } from './job-runs.repo';

export type JobOutcome =
  | { status: 'done'; result: Record<string, unknown> | null }
  | { status: 'failed'; error: string; unreachable?: { service: string; reason: string } }
  | { status: 'not-claimed' };

const DEFAULT_CLAIM: ClaimOptions = { staleAfterMs: 5 * 60_000, retryFailedAfterMs: 30 * 60_000 };

export interface RunJobOptions {
  owner?: string;
  claim?: ClaimOptions;
  signal?: AbortSignal;
}

/** This process's name in job_runs.claimed_by. */
export const processOwner = () => `${os.hostname()}:${process.pid}`;

/** What the scheduler itself needs of the app context; each job's handler reads its own part. */
interface SchedulerContext {
  db: Db;
}

/** Claims and runs one slot of a job, keeping its heartbeat fresh; a slot someone else holds is left alone. */
export async function runJob<TContext extends SchedulerContext>(
  context: TContext,
  definition: AnyJobDefinition<TContext>,
  slot: string,
  { owner = processOwner(), claim = DEFAULT_CLAIM, signal = new AbortController().signal }: RunJobOptions = {},
): Promise<JobOutcome> {
  const { db } = context;
  if (!(await claimJobRun(db, definition.id, slot, owner, claim))) return { status: 'not-claimed' };
  const heartbeat = setInterval(
    () => void beatJobRun(db, definition.id, slot, owner).catch(() => undefined),
    Math.max(1000, claim.staleAfterMs / 3),
  );
  try {
    const payload = definition.payload.parse({ slot });
    const result = (await runHandler(definition, context, payload, { signal })) ?? null;
    await finishJobRun(db, definition.id, slot, owner, { status: 'done', result });
    return { status: 'done', result };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishJobRun(db, definition.id, slot, owner, { status: 'failed', error: message });
    if (error instanceof ServiceUnreachable) {
      return { status: 'failed', error: message, unreachable: { service: error.service, reason: error.reason } };
    }
    return { status: 'failed', error: message };
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * When the scheduler next runs `definition` after its slot `slot` failed at `failedAt`: the same slot once
 * `retryFailedAfterMs` has passed (claimJobRun), unless the slot is over by then (a daily job's day ended)
 * and the next one is due first. Looked up in steps of `stepMs` over the next two days; null if never.
 */
export function nextTryAt<TContext>(
  definition: AnyJobDefinition<TContext>,
  context: TContext,
  slot: string,
  failedAt: Date,
  { retryFailedAfterMs, stepMs }: { retryFailedAfterMs: number; stepMs: number },
): Date | null {
  const from = failedAt.getTime();
  for (let at = from + stepMs; at <= from + 2 * 86_400_000; at += stepMs) {
    const due = definition.schedule?.(new Date(at), context);
    if (due && (due !== slot || at >= from + retryFailedAfterMs)) return new Date(at);
  }
  return null;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 18:45 today, or 2026-11-29 06:00 another day, in the server's time zone. */
export function formatLocalTime(at: Date, now: Date): string {
  const time = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())} ${time}`;
}

export interface Scheduler {
  /** Runs every job that is due now (what each timer tick does); resolves when they have finished. */
  tick(now?: Date): Promise<void>;
  /** Stops ticking, aborts running jobs and waits for them. */
  stop(): Promise<void>;
}

/**
 * Ticks every `tickMs`: each due slot of each job with a `schedule` is claimed and run, in the registry's
 * order; ticks never overlap. Queued jobs in the registry are the queue's, not the scheduler's.
 */
export function startScheduler<TContext extends SchedulerContext>(
  context: TContext,
  registry: readonly AnyJobDefinition<TContext>[],
  { tickMs, log }: { tickMs: number; log: FastifyBaseLogger },
): Scheduler {
  const definitions = registry.filter((definition) => definition.schedule);
  const shutdown = new AbortController();
  let running: Promise<void> = Promise.resolve();

  const tick = (now = new Date()) => {
    running = running.then(async () => {
      for (const definition of definitions) {
        if (shutdown.signal.aborted) return;
        const slot = definition.schedule?.(now, context);
        if (!slot) continue;
        const started = performance.now();
        const outcome = await runJob(context, definition, slot, { signal: shutdown.signal }).catch(
          (error: unknown): JobOutcome => ({ status: 'failed', error: String(error) }),
        );
        if (outcome.status === 'done') log.info({ job: definition.id, slot, result: outcome.result }, 'job done');
        if (outcome.status === 'failed' && outcome.unreachable) {
          // docs/ingest.md#freshness: an offline machine gets one line saying when the next attempt comes.
          const failedAt = new Date(now.getTime() + (performance.now() - started));
          const next = nextTryAt(definition, context, slot, failedAt, {
            retryFailedAfterMs: DEFAULT_CLAIM.retryFailedAfterMs,
            stepMs: Math.max(tickMs, 60_000),
          });
          const { service, reason } = outcome.unreachable;
          log.warn(
            { job: definition.id, slot, reason, nextTryAt: next?.toISOString() ?? null },
            `${service} unreachable, next try at ${next ? formatLocalTime(next, failedAt) : 'the next start'}`,
          );
        } else if (outcome.status === 'failed') {
          log[definition.failureLogLevel ?? 'error']({ job: definition.id, slot, error: outcome.error }, 'job failed');
        }
      }
    });
    return running;
  };

  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      shutdown.abort();
      await running;
    },
  };
}
