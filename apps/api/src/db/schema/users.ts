import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Anonymous and (later) named users. The id handed to the browser is never stored, only its hash. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** sha256 of the issued X-User-ID, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_created_at_idx').on(table.createdAt)],
);
