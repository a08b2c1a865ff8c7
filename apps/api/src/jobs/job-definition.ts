import { z } from 'zod';
import type { Config } from '../config';

/** What a handler gets besides its context and payload. */
export interface JobRun {
  /** Aborted on shutdown, or when a queued job's lock was taken over: stop at the next safe point. */
  signal: AbortSignal;
}

/** What a scheduled run stores in job_runs.result; a queued job's handler returns nothing. */
export type JobResult = Record<string, unknown> | undefined;

export type JobHandler<TContext, TPayload> = (
  context: TContext,
  payload: TPayload,
  run: JobRun,
) => Promise<JobResult> | Promise<void>;

/** Delay before try n+1 after try n failed: baseMs · 2^(n−1), never more than maxMs. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * One kind of background work (docs/queue.md#job-definitions), queued or scheduled. `TContext` is the
 * narrow part of the app context its handler (and schedule) reads, never the whole context.
 *
 * Without `schedule` the job is queued: enqueued by id with the payload, version and attempts that
 * jobs/job-payloads.ts gives that id, retried with backoff, run by the queue poller. With `schedule` it is run by the scheduler once per slot, claimed in job_runs
 * (docs/ingest.md#the-daily-job); its payload is the slot.
 *
 * Handlers must be safe to run twice: a job whose process died is run again by another one.
 */
export interface JobDefinition<TContext, TPayload> {
  /** queue_jobs.kind of a queued job, job_runs.job of a scheduled one. */
  id: string;
  /** Stored with each queued job; bump it when the payload's shape changes. */
  version: number;
  /** Checked on enqueue and again before each run (a stored payload that no longer parses fails for good). */
  payload: z.ZodType<TPayload>;
  /** Loads the handler on first use, so the registry imports no module's code at start-up. */
  handler: () => Promise<JobHandler<TContext, TPayload>>;

  /** Scheduled work: the slot due at `now` (e.g. '2026-11-23'), or null when nothing is due. */
  schedule?: (now: Date, context: TContext) => string | null;
  /**
   * How a failed scheduled run is logged (once per run; default 'error'). 'warn' for jobs whose failure
   * is an expected condition, such as the harvest on a machine that cannot reach arXiv.
   */
  failureLogLevel?: 'warn' | 'error';

  /** Queued work: how long a claim holds the job without a heartbeat; renewed every third of this. */
  visibilityTimeoutMs?: number;
  backoff?: Backoff;
  /** Queued work: jobs of this kind one process runs at once (the queue's overall concurrency still applies). */
  concurrency?: (config: Config) => number;
  /** Queued work: loads what runs once when the job fails for good (a permanent error, or its last attempt). */
  onGaveUp?: () => Promise<(context: TContext, payload: TPayload, reason: string) => Promise<void>>;
}

/** A definition of any payload, as the registry holds them (each is typed where it is defined). */
// biome-ignore lint/suspicious/noExplicitAny: the registry is heterogeneous in its payloads.
export type AnyJobDefinition<TContext> = JobDefinition<TContext, any>;

/**
 * Identity helper that infers the payload from the zod schema and the context from the handler alone:
 * the schedule and onGaveUp are checked against it (they may read less of it, never more).
 */
export const defineJob = <TContext, TPayload>(
  definition: Omit<JobDefinition<TContext, TPayload>, 'schedule' | 'onGaveUp'> & {
    schedule?: JobDefinition<NoInfer<TContext>, TPayload>['schedule'];
    onGaveUp?: JobDefinition<NoInfer<TContext>, TPayload>['onGaveUp'];
  },
): JobDefinition<TContext, TPayload> => definition;

/** The payload of every scheduled run: the slot it runs for. */
export const slotPayload = z.object({ slot: z.string().min(1) });

/** Loads a definition's handler and runs it on a payload that has been parsed. */
export async function runHandler<TContext, TPayload>(
  definition: JobDefinition<TContext, TPayload>,
  context: TContext,
  payload: TPayload,
  run: JobRun,
): Promise<JobResult> {
  const handle = await definition.handler();
  return (await handle(context, payload, run)) ?? undefined;
}

/** Thrown by a handler for a job that can never succeed (e.g. a PDF over a limit): failed at once, no retry. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/**
 * Thrown by a run that could not reach a service it needs (arXiv from an offline machine): an expected
 * condition, logged as one warning naming the service and when the scheduler tries again, not as an error.
 * The message is what job_runs keeps; `reason` is the short why for the log line.
 */
export class ServiceUnreachable extends Error {
  constructor(
    readonly service: string,
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceUnreachable';
  }
}

/** 'YYYY-MM-DD' of `now` in UTC once `hourUtc` has passed that day, else null. */
export function dailySlot(now: Date, hourUtc: number): string | null {
  if (now.getUTCHours() < hourUtc) return null;
  return now.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DDTHH' of `now` in UTC: one slot an hour. */
export const hourlySlot = (now: Date): string => now.toISOString().slice(0, 13);
