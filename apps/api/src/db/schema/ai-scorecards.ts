import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per `pnpm eval` run (docs/ai.md#scorecard): how the configured model (or the extractive
 * mode) did on a question set, so the app can show the latest scorecard of the model it runs with.
 * `model` is LLM_MODEL, null in extractive mode. `metrics` is the contract's TScorecardMetrics.
 */
export const aiScorecards = pgTable(
  'ai_scorecards',
  {
    id: serial('id').primaryKey(),
    mode: text('mode').notNull(),
    model: text('model'),
    setName: text('set_name').notNull(),
    /** sha256 of the set file's bytes: two runs compare only when they asked the same questions. */
    setHash: text('set_hash').notNull(),
    metrics: jsonb('metrics').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ai_scorecards_mode_known', sql`${table.mode} in ('model', 'extractive')`),
    check('ai_scorecards_model_with_mode', sql`(${table.mode} = 'model') = (${table.model} is not null)`),
    index('ai_scorecards_latest').on(table.mode, table.model, table.createdAt.desc()),
  ],
);
