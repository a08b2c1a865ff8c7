import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Anonymous and (later) named users. The id handed to the browser is never stored, only its hash. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** sha256 of the issued X-User-ID, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed on use (at most about once an hour); an id idle longer than SESSION_IDLE_DAYS expires. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by logout: the id is refused from then on (server-side revocation). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('users_created_at_idx').on(table.createdAt)],
);
