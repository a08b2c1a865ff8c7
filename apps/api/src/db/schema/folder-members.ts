import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { folders } from './folders';
import { users } from './users';

/**
 * requirements §3 Shared folder: its per-user entries. Named by email, not by user: the role follows whoever
 * signs in with that email, before or after being added. The owner is the folder's owner, never a row.
 */
export const folderMembers = pgTable(
  'folder_members',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.folderId, table.email] }),
    index('folder_members_email_idx').on(table.email),
    check('folder_members_role_known', sql`${table.role} in ('editor', 'commenter', 'viewer')`),
    check('folder_members_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);

/** Public shared folders a user has opened, so GET /api/forum/ can list them beside their own. */
export const forumVisits = pgTable(
  'forum_visits',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.folderId] })],
);
