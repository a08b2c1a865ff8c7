import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { paperForeignKey } from './paper-foreign-key';
import { users } from './users';

/** A paper list shared by link (requirements §4 Share list). The id is a long random token. */
export const sharedLists = pgTable('shared_lists', {
  shareId: text('share_id').primaryKey(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The papers of a shared list, in the order they were shared. */
export const sharedListPapers = pgTable(
  'shared_list_papers',
  {
    shareId: text('share_id')
      .notNull()
      .references(() => sharedLists.shareId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shareId, table.position] }), paperForeignKey(table)],
);
