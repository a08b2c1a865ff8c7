import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { paperForeignKey } from './paper-foreign-key';
import { storedFiles } from './stored-files';
import { users } from './users';

/**
 * An uploaded PDF behind a papers row of platform 'upload'. Visible only to its uploader and to
 * whoever can see a folder that holds it.
 */
export const uploads = pgTable(
  'uploads',
  {
    platform: text('platform').notNull().default('upload'),
    paperId: text('paper_id').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Null for a metadata-only paper: an imported entry with no PDF yet (docs/import-export.md).
    contentHash: text('content_hash').references(() => storedFiles.contentHash, { onDelete: 'restrict' }),
    originalFilename: text('original_filename').notNull(),
    // docs/uploads.md#metadata-from-the-pdf: the fields the uploader typed (never overwritten by what the
    // PDF says), where each other field came from, and the corpus paper the PDF turned out to be.
    typedFields: text('typed_fields').array(),
    metadataSources: jsonb('metadata_sources').$type<Record<string, string>>(),
    linkedPlatform: text('linked_platform'),
    linkedPaperId: text('linked_paper_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.paperId] }),
    paperForeignKey(table),
    // An owner's uploads (quota, listing), and an owner's upload of given bytes: the same bytes
    // uploaded again reuse it (commands/create-upload.ts). Not unique: uploads made before that rule
    // may repeat bytes, and the check runs under the per-hash lock instead.
    index('uploads_owner_content_idx').on(table.ownerId, table.contentHash),
    check('uploads_platform_is_upload', sql`${table.platform} = 'upload'`),
  ],
);
