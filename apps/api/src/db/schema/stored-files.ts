import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Content-addressed blobs in file storage (uploaded PDFs, cached remote PDFs): identical bytes are
 * stored once. A row exists only once its bytes are fully in storage under `storage_key`.
 */
export const storedFiles = pgTable('stored_files', {
  /** sha256 of the bytes, hex. */
  contentHash: text('content_hash').primaryKey(),
  /** Generated key in the storage backend (never a user-supplied name). */
  storageKey: text('storage_key').notNull().unique(),
  byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
  mimeType: text('mime_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
