import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * requirements §3 Idea proposal (the AI Scientist, docs/ideas.md): saved per user so it can be listed,
 * expanded into a research plan and exported. `idea` holds the proposal's fields (title, problem,
 * approach, novelty, experiments, risks, based_on, scores) as validated by the contract's schema;
 * `novelty_check` the deterministic comparison with the corpus; `plan` the expansion once asked for.
 */
export const ideas = pgTable(
  'ideas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    title: text('title').notNull(),
    /** 'model' or 'extractive' (literature-based discovery without a model, labelled). */
    source: text('source').notNull(),
    idea: jsonb('idea').$type<Record<string, unknown>>().notNull(),
    noveltyCheck: jsonb('novelty_check').$type<Record<string, unknown>>().notNull(),
    plan: jsonb('plan').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
  },
  (table) => [
    index('ideas_user_created_idx').on(table.userId, table.createdAt),
    check('ideas_source_known', sql`${table.source} in ('model', 'extractive')`),
    check('ideas_title_length', sql`char_length(${table.title}) between 1 and 300`),
  ],
);
