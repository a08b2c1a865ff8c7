import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The durable work queue (text extraction today; PDF fetching and passage indexing next). Its state
 * lives here, not in a process: every replica polls it, claims with FOR UPDATE SKIP LOCKED, and
 * holds a job only until `locked_until`, so a job a dead replica held is taken over by a living one.
 */
export const queueJobs = pgTable(
  'queue_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The job definition's id, e.g. 'extract-pdf-text'. */
    kind: text('kind').notNull(),
    /** The definition's version when enqueued; a handler may refuse payloads of older shapes. */
    version: integer('version').notNull(),
    payload: jsonb('payload').notNull(),
    /** Enqueueing a key that is already queued or running is a no-op (idempotent enqueue). */
    dedupeKey: text('dedupe_key'),
    /** 'queued', 'running', 'done' or 'failed' (gave up after max_attempts, or refused for good). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Not claimed before this time (backoff after a failure, or a delayed job). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A running job whose lock has passed was abandoned (its process died): it may be claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** host:pid of the process holding it. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('queue_jobs_status_known', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    index('queue_jobs_claimable_idx').on(table.runAt).where(sql`${table.status} in ('queued', 'running')`),
    uniqueIndex('queue_jobs_active_dedupe_idx')
      .on(table.kind, table.dedupeKey)
      .where(sql`${table.status} in ('queued', 'running') and ${table.dedupeKey} is not null`),
    index('queue_jobs_finished_idx').on(table.finishedAt).where(sql`${table.finishedAt} is not null`),
  ],
);
