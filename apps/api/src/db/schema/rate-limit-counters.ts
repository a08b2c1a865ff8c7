import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the rate limiter's PostgreSQL store, so every replica counts against one
 * budget (Redis takes this role when REDIS_URL is set). Expired windows are swept.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** Budget name and subject, e.g. 'search:ip:203.0.113.9' or 'upload:user:42'. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_reset_idx').on(table.resetAt)],
);
