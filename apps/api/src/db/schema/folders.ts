import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** requirements §3 Folder: a user's named group of papers. Integer ids (requirements §2: /rwf/{folderId} is digits). */
export const folders = pgTable(
  'folders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'folder', or 'shared' once shared as a forum (the 'S' badge). */
    type: text('type').notNull().default('folder'),
    /** The shared flag (requirements §3): public folders may be viewed by anyone. */
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('folders_owner_idx').on(table.ownerId, table.createdAt),
    check('folders_name_length', sql`char_length(${table.name}) between 1 and 200`),
    check('folders_type_known', sql`${table.type} in ('folder', 'shared')`),
  ],
);
