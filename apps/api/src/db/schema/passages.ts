import { sql } from 'drizzle-orm';
import { bigserial, check, customType, index, integer, pgTable, real, text, unique } from 'drizzle-orm/pg-core';
import { paperForeignKey } from './paper-foreign-key';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A paper's full text cut into passages of about 250 words, never across a page
 * (docs/ai.md#full-text-and-passages), what retrieval searches and chat cites. `page` is the 1-based
 * PDF page and `char_start`/`char_end` offsets into that page's text (paper_texts.pages). A paper
 * whose PDF could not be fetched has its abstract as one passage: source 'abstract', page 1, offsets
 * into papers.abstract.
 */
export const passages = pgTable(
  'passages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    /** 0-based position in the paper's reading order. */
    ordinal: integer('ordinal').notNull(),
    page: integer('page').notNull(),
    charStart: integer('char_start').notNull(),
    charEnd: integer('char_end').notNull(),
    text: text('text').notNull(),
    source: text('source').notNull().default('pdf'),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(sql`to_tsvector('english'::regconfig, text)`),
    /** Set by the embed-passages job when EMBEDDING_MODEL is configured; no pgvector needed (cosine in process). */
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model'),
  },
  (table) => [
    unique('passages_paper_ordinal_key').on(table.platform, table.paperId, table.ordinal),
    paperForeignKey(table),
    index('passages_search_vector_idx').using('gin', table.searchVector),
    check('passages_source_known', sql`${table.source} in ('pdf', 'abstract')`),
    check(
      'passages_span_valid',
      sql`${table.page} >= 1 and ${table.charStart} >= 0 and ${table.charEnd} > ${table.charStart}`,
    ),
  ],
);
