import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { folders } from './folders';
import { users } from './users';

/**
 * docs/import-export.md#zotero: the Zotero library version a user's last import of one library (or
 * collection) into one folder reached, so the next import asks only for items changed since (`since=`).
 * The API key is never stored (docs/security.md#zotero-api-keys).
 */
export const zoteroSyncs = pgTable(
  'zotero_syncs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    /** 'users/123' or 'groups/456', with '/collections/ABCD1234' for a collection. */
    library: text('library').notNull(),
    version: integer('version').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.folderId, table.library] })],
);
