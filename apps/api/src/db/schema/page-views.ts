import { bigint, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One row per page-view beacon (requirements §3). The sender's raw id is never stored. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    /** The client's clock when it sent the beacon. */
    clientTs: timestamp('client_ts', { withTimezone: true }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_views_received_at_idx').on(table.receivedAt)],
);

/**
 * Views per UTC day, kept up to date in the same transaction as each page view, so the site metric
 * reads six rows at most instead of counting every view.
 */
export const pageViewDays = pgTable('page_view_days', {
  day: date('day').primaryKey(),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
});
