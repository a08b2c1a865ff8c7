import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { paperForeignKey } from './paper-foreign-key';
import { users } from './users';

/** A paper opened from a card (PDF or Details, requirements §7): the raw signal for popularity and recommendations. */
export const paperClicks = pgTable(
  'paper_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [paperForeignKey(table), index('paper_clicks_paper_idx').on(table.platform, table.paperId)],
);
