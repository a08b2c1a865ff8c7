import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { storedFiles } from './stored-files';

/** Remote PDFs fetched once through the proxy and served from storage afterwards. */
export const remotePdfs = pgTable('remote_pdfs', {
  /** The normalised source URL (allow-listed host). */
  sourceUrl: text('source_url').primaryKey(),
  contentHash: text('content_hash')
    .notNull()
    .references(() => storedFiles.contentHash, { onDelete: 'restrict' }),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
