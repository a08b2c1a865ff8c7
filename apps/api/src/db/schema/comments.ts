import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { folders } from './folders';
import { paperForeignKey } from './paper-foreign-key';
import { users } from './users';

const contentLength = (content: AnyPgColumn) => sql`char_length(${content}) between 1 and 10000`;

/**
 * requirements §3 Paper comment. Plain text; one level of replies (a reply's parent is a top-level comment of
 * the same paper, checked by the service). A comment goes with its author's account, and replies with
 * their parent.
 */
export const paperComments = pgTable(
  'paper_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => paperComments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    paperForeignKey(table),
    index('paper_comments_paper_idx').on(table.platform, table.paperId, table.createdAt),
    index('paper_comments_author_idx').on(table.authorId),
    check('paper_comments_content_length', contentLength(table.content)),
  ],
);

/** requirements §3 Shared-folder comment: the folder's thread, read by whoever can view the folder. */
export const folderComments = pgTable(
  'folder_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => folderComments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('folder_comments_folder_idx').on(table.folderId, table.createdAt),
    index('folder_comments_author_idx').on(table.authorId),
    check('folder_comments_content_length', contentLength(table.content)),
  ],
);
