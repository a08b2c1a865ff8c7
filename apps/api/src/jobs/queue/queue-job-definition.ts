import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';

/** What a queued job's handler gets besides the app context and its payload. */
export interface QueueJobRun {
  /** queue_jobs.id of this job. */
  jobId: number;
  /** 1 on the first try; a try cut short by a dead process counts too. */
  attempt: number;
  /** Aborted on shutdown or when this process lost the job's lock: stop at the next safe point. */
  signal: AbortSignal;
}

/** Delay before try n+1 after try n failed: baseMs · 2^(n−1), never more than maxMs. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * A kind of durable job (docs/queue.md): a typed constant like the scheduled jobs' definitions.
 * Handlers must be safe to run twice: a job whose process died is run again by another one.
 */
export interface QueueJobDefinition<TPayload = unknown> {
  /** queue_jobs.kind, e.g. 'extract-pdf-text'. */
  id: string;
  /** Stored with each job; bump it when the payload's shape changes. */
  version: number;
  /** Checked on enqueue and again on claim (a payload that no longer parses fails for good). */
  payload: z.ZodType<TPayload>;
  maxAttempts: number;
  /** How long a claim holds the job without a heartbeat; the heartbeat renews it every third of this. */
  visibilityTimeoutMs: number;
  backoff: Backoff;
  /** Jobs of this kind one process runs at once (the queue's overall concurrency still applies). */
  concurrency?: (config: Config) => number;
  handler(context: AppContext, payload: TPayload, run: QueueJobRun): Promise<void>;
  /** Called once when the job fails for good (a permanent error, or its last attempt), with the reason. */
  onGaveUp?(context: AppContext, payload: TPayload, reason: string): Promise<void>;
}

/** A definition of any payload, as the registry holds them. */
// biome-ignore lint/suspicious/noExplicitAny: the registry is heterogeneous; each entry is typed where defined.
export type AnyQueueJobDefinition = QueueJobDefinition<any>;

/** Identity helper that infers TPayload from the zod schema. */
export const defineQueueJob = <TPayload>(definition: QueueJobDefinition<TPayload>) => definition;

/** Thrown by a handler for a job that can never succeed (e.g. a PDF over a limit): failed at once, no retry. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** The delay before the next try once `attempt` tries have failed. */
export function backoffDelayMs({ baseMs, maxMs }: Backoff, attempt: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
