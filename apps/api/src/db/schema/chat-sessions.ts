import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** spec §3 Chat session: a user's conversation over their selected papers (docs/ai.md#chat). */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on each answer, so the sidebar lists the most recent conversation first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_sessions_user_updated_idx').on(table.userId, table.updatedAt),
    check('chat_sessions_title_length', sql`char_length(${table.title}) between 1 and 200`),
  ],
);
