import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { folders } from './folders';
import { paperForeignKey } from './paper-foreign-key';
import { users } from './users';

/** A page-relative rectangle (fractions of the page's width and height, from its top-left corner). */
export interface AnnotationRectColumn {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * docs/annotations.md: one reader's mark on one page of a paper. Where it is, as W3C Web Annotation
 * selectors over the page's extracted text (paper_texts.pages[page - 1]): quote (exact, prefix, suffix)
 * and position (start, end); both null only for an area mark drawn without its text. Private to its
 * author until folder_id shares it with a shared folder; unshared (null) when that folder goes.
 */
export const annotations = pgTable(
  'annotations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    page: integer('page').notNull(),
    kind: text('kind').notNull(),
    color: text('color').notNull(),
    note: text('note'),
    quoteExact: text('quote_exact'),
    quotePrefix: text('quote_prefix'),
    quoteSuffix: text('quote_suffix'),
    positionStart: integer('position_start'),
    positionEnd: integer('position_end'),
    rects: jsonb('rects').$type<AnnotationRectColumn[]>().notNull().default(sql`'[]'::jsonb`),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    /** When the thread of a shared mark was resolved; null while open (docs/annotations.md#threads). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    paperForeignKey(table),
    index('annotations_paper_idx').on(table.platform, table.paperId, table.page),
    index('annotations_user_idx').on(table.userId),
    index('annotations_folder_idx').on(table.folderId),
    check('annotations_kind_known', sql`${table.kind} in ('highlight', 'underline', 'note', 'area')`),
    check('annotations_page_positive', sql`${table.page} >= 1`),
    check('annotations_note_length', sql`${table.note} is null or char_length(${table.note}) <= 10000`),
    check(
      'annotations_position_ordered',
      sql`(${table.positionStart} is null and ${table.positionEnd} is null) or (${table.positionStart} >= 0 and ${table.positionStart} < ${table.positionEnd})`,
    ),
    check('annotations_quote_with_position', sql`(${table.quoteExact} is null) = (${table.positionStart} is null)`),
  ],
);

/**
 * docs/annotations.md#threads: a reply on a shared mark's thread, plain text like a comment (1-10,000
 * characters). Replies go with their mark and with their author's account.
 */
export const annotationReplies = pgTable(
  'annotation_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    annotationId: integer('annotation_id')
      .notNull()
      .references(() => annotations.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('annotation_replies_thread_idx').on(table.annotationId, table.createdAt),
    index('annotation_replies_author_idx').on(table.authorId, table.createdAt),
    check('annotation_replies_content_length', sql`char_length(${table.content}) between 1 and 10000`),
  ],
);

/**
 * docs/annotations.md#unread: when a user last opened a shared mark's thread. Replies by others since
 * then are unread, and so is someone else's shared mark whose thread the user never opened.
 */
export const annotationReads = pgTable(
  'annotation_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    annotationId: integer('annotation_id')
      .notNull()
      .references(() => annotations.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.annotationId] }),
    index('annotation_reads_annotation_idx').on(table.annotationId),
  ],
);
