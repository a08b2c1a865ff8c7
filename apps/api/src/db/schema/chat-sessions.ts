import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * requirements §3 Chat session: a user's conversation over their selected papers (docs/ai.md#chat), or a
 * review-writing session (requirements §3 Review-writing session, docs/review.md): same title, owner and messages
 * (the chat machinery answers both), told apart by `kind`. A review session also has a graph status
 * (requirements §4: draft until completed) and an optional target paper; its files, edges and drafts are
 * review_files, review_edges and review_drafts.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').notNull().default('chat'),
    /** Review sessions only: 'draft' until the graph is marked complete. */
    graphStatus: text('graph_status'),
    /** Review sessions only: the paper the review is written about (requirements §3 target paper). */
    targetPlatform: text('target_platform'),
    targetPaperId: text('target_paper_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on each answer, so the sidebar lists the most recent conversation first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_sessions_user_updated_idx').on(table.userId, table.kind, table.updatedAt),
    check('chat_sessions_kind_known', sql`${table.kind} in ('chat', 'review')`),
    check(
      'chat_sessions_review_state',
      sql`(${table.kind} = 'review' and ${table.graphStatus} in ('draft', 'complete')) or (${table.kind} = 'chat' and ${table.graphStatus} is null and ${table.targetPaperId} is null)`,
    ),
    check('chat_sessions_target_whole', sql`(${table.targetPlatform} is null) = (${table.targetPaperId} is null)`),
    check('chat_sessions_title_length', sql`char_length(${table.title}) between 1 and 200`),
  ],
);
