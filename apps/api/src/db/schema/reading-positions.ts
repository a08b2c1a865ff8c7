import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { paperForeignKey } from './paper-foreign-key';
import { users } from './users';

/**
 * docs/reading.md#resume-reading: where a reader left a paper, one row per user and paper (replaced on each
 * save): the page (1-based) and the offset within it, a fraction 0-1 of the page's height. Goes with its
 * user and with its paper.
 */
export const readingPositions = pgTable(
  'reading_positions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    page: integer('page').notNull(),
    offset: real('offset').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    paperForeignKey(table),
    unique('reading_positions_user_paper_unique').on(table.userId, table.platform, table.paperId),
    index('reading_positions_user_recent_idx').on(table.userId, table.updatedAt),
    index('reading_positions_paper_idx').on(table.platform, table.paperId),
    check('reading_positions_page_positive', sql`${table.page} >= 1`),
    check('reading_positions_offset_fraction', sql`${table.offset} >= 0 and ${table.offset} <= 1`),
  ],
);
