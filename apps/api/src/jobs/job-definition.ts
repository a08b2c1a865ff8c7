import type { AppContext } from '../app-context';

/** What a job's run function gets besides the app context. */
export interface JobRun {
  /** The slot being run, e.g. '2026-11-23' for a daily job. */
  slot: string;
  /** Aborted when the process shuts down; long jobs stop at the next safe point. */
  signal: AbortSignal;
}

/**
 * A scheduled job. Every API process ticks the scheduler; for each definition the slot due now is
 * claimed in job_runs, so one process runs it however many replicas share the database.
 */
export interface JobDefinition {
  id: string;
  /** The slot due at `now`, or null when nothing is due (switched off by config, or not yet time). */
  dueSlot(now: Date, context: AppContext): string | null;
  /** Does the work; what it returns is stored as the run's result. Throwing marks the run failed. */
  run(context: AppContext, run: JobRun): Promise<Record<string, unknown> | undefined>;
  /**
   * How a failed run is logged (once per run; default 'error'). 'warn' for jobs whose failure is an
   * expected condition, such as the harvest on a machine that cannot reach arXiv.
   */
  failureLogLevel?: 'warn' | 'error';
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
