import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The next moment a request may go to a rate-limited outside service (arXiv asks for one request
 * every 3 s). Advancing `next_at` in one UPDATE hands out slots in order across processes and replicas.
 */
export const outboundPacing = pgTable('outbound_pacing', {
  /** The service, e.g. 'arxiv'. */
  service: text('service').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
});
