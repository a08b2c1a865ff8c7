import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { papers } from './papers';

/** Text extracted from a paper's PDF (pdfjs-dist), kept for search and for the AI features. */
export const paperTexts = pgTable(
  'paper_texts',
  {
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    /** 'pending' until extraction finishes; 'ready' or 'failed' after. */
    status: text('status').notNull().default('pending'),
    text: text('text'),
    pageCount: integer('page_count'),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.paperId] }),
    foreignKey({
      columns: [table.platform, table.paperId],
      foreignColumns: [papers.platform, papers.paperId],
    }).onDelete('cascade'),
    check('paper_texts_status_known', sql`${table.status} in ('pending', 'ready', 'failed')`),
  ],
);
