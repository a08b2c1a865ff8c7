import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { paperForeignKey } from './paper-foreign-key';

/**
 * Text extracted from a paper's PDF (pdfjs-dist), kept for search and for the AI features; one row
 * per paper whose full text was asked for (docs/ai.md#full-text-and-passages): uploads at upload,
 * arXiv and ACL papers when they enter a folder, are selected, or process_embeddings is called.
 */
export const paperTexts = pgTable(
  'paper_texts',
  {
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    /**
     * 'pending' until extraction and passages are done; then 'ready', 'failed' (error says why), or
     * 'abstract-only' (the remote PDF could not be fetched, error says why; the abstract is the one passage).
     */
    status: text('status').notNull().default('pending'),
    text: text('text'),
    pageCount: integer('page_count'),
    /** Each page's text (pages[0] is page 1); passage offsets count within these. Null before extraction. */
    pages: text('pages').array(),
    error: text('error'),
    /**
     * When the reference list was last parsed from this text (docs/references.md#storage); null for a
     * text made ready before references were parsed, which the parse-references backfill picks up.
     */
    referencesParsedAt: timestamp('references_parsed_at', { withTimezone: true }),
    /**
     * The cleaning version (ai/text/clean/clean-page-text.ts CLEANING_VERSION) the passages were cut
     * with (docs/ai.md#clean-text); null for passages cut before text was cleaned. A text below the
     * current version gets its passages cut again by the clean-stored-text job, queued at start-up.
     */
    cleanedVersion: integer('cleaned_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.paperId] }),
    paperForeignKey(table),
    check('paper_texts_status_known', sql`${table.status} in ('pending', 'ready', 'failed', 'abstract-only')`),
  ],
);
