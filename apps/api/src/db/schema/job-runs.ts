import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per run of a scheduled job per slot ('2026-11-23' for a daily job). Inserting the row is
 * the claim: with several API replicas on one database, exactly one of them runs each slot.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    slot: text('slot').notNull(),
    /** 'running', 'done' or 'failed'. */
    status: text('status').notNull(),
    /** host:pid of the process that holds the claim. */
    claimedBy: text('claimed_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed while running; a 'running' row whose heartbeat is stale was abandoned by a crash. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    result: jsonb('result'),
    error: text('error'),
  },
  (table) => [primaryKey({ columns: [table.job, table.slot] })],
);
