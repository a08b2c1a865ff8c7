import type { TCitationCheck, TCitedPassage } from '@paperbench/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { folders } from './folders';

/**
 * The cached summary of a folder (docs/ai.md#summaries), one per folder. `papersKey` names the set of
 * papers it was written from: when the folder's papers no longer match it, the summary is stale.
 * Comparing the set, rather than flagging each change, catches every way a folder changes (add,
 * remove, a share import, an upload deleted) without those paths knowing about summaries.
 */
export const folderSummaries = pgTable(
  'folder_summaries',
  {
    folderId: integer('folder_id')
      .primaryKey()
      .references(() => folders.id, { onDelete: 'cascade' }),
    summary: text('summary').notNull(),
    source: text('source').notNull(),
    passages: jsonb('passages').$type<TCitedPassage[]>().notNull(),
    citations: jsonb('citations').$type<TCitationCheck>().notNull(),
    abstained: boolean('abstained').notNull(),
    papersKey: text('papers_key').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('folder_summaries_source_known', sql`${table.source} in ('model', 'extractive')`)],
);
