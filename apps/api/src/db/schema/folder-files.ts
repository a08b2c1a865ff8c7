import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { folders } from './folders';
import { paperForeignKey } from './paper-foreign-key';
import { users } from './users';

/**
 * requirements §3 File in a folder. A paper sits at most once in a folder (the primary key makes adding it
 * twice idempotent) and may sit in several folders. `selected` is the chat-context flag (requirements §4).
 */
export const folderFiles = pgTable(
  'folder_files',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    selected: boolean('selected').notNull().default(false),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who put the paper here. An upload placed in a shared folder by its uploader is a grant to the
     * folder's readers; placed by anyone else it is only a reference (docs/collaboration.md#uploads),
     * so a reader cannot re-share an upload past the access that let them read it.
     */
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.folderId, table.platform, table.paperId] }),
    paperForeignKey(table),
    // Who holds a paper: the visibility check of uploaded papers and the share-list import.
    index('folder_files_paper_idx').on(table.platform, table.paperId),
  ],
);
