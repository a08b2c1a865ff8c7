import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * docs/security.md#sessions: Google ID tokens already used to sign in, by their `jti`, so a token is
 * accepted once, across restarts and replicas. A row is needed only until its token expires (a later
 * replay fails the expiry check anyway); the daily retention job deletes expired rows.
 */
export const usedIdTokens = pgTable(
  'used_id_tokens',
  {
    /** The token's `jti` claim (Google's unique id of the token). */
    jti: text('jti').primaryKey(),
    /** The token's `exp`. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_id_tokens_expires_idx').on(table.expiresAt)],
);
