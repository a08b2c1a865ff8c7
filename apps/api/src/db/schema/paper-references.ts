import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { paperForeignKey } from './paper-foreign-key';
import { papers } from './papers';

/**
 * A paper's reference list as parsed from its extracted text (docs/references.md#storage): one row
 * per entry, `n` its 1-based place in the list. `cited_*` is the corpus paper the entry resolved to
 * (arXiv id, then DOI, then title and year), null when none did. Replaced with the markers in one
 * transaction whenever the paper's text is (re-)extracted.
 */
export const paperReferences = pgTable(
  'paper_references',
  {
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    n: integer('n').notNull(),
    raw: text('raw').notNull(),
    title: text('title'),
    authors: text('authors').array().notNull().default(sql`'{}'::text[]`),
    year: integer('year'),
    venue: text('venue'),
    doi: text('doi'),
    arxivId: text('arxiv_id'),
    /** The page the entry starts on. */
    page: integer('page').notNull(),
    citedPlatform: text('cited_platform'),
    citedPaperId: text('cited_paper_id'),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.paperId, table.n] }),
    paperForeignKey(table),
    // A cited paper that goes takes its links with it, not the citing paper's entries.
    foreignKey({
      columns: [table.citedPlatform, table.citedPaperId],
      foreignColumns: [papers.platform, papers.paperId],
    }).onDelete('set null'),
    // "Cited by": the papers whose entries resolve to this one.
    index('paper_references_cited_idx').on(table.citedPlatform, table.citedPaperId),
    check('paper_references_n_positive', sql`${table.n} >= 1 and ${table.page} >= 1`),
  ],
);

/**
 * In-text citation markers ("[12]", "(Cohan et al., 2020)"): the page (1-based), offsets into that
 * page's text (`paper_texts.pages`) and the entry numbers they point to (docs/references.md#parsing).
 */
export const referenceMarkers = pgTable(
  'reference_markers',
  {
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    page: integer('page').notNull(),
    charStart: integer('char_start').notNull(),
    charEnd: integer('char_end').notNull(),
    entries: integer('entries').array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.paperId, table.ordinal] }),
    paperForeignKey(table),
    check(
      'reference_markers_span_valid',
      sql`${table.page} >= 1 and ${table.charStart} >= 0 and ${table.charEnd} > ${table.charStart}`,
    ),
  ],
);
