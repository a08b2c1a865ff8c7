import { sql } from 'drizzle-orm';
import { check, customType, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Papers of every platform, keyed by (platform, paper_id). `search_vector` is computed by the
 * database (migration 0000 defines paper_search_vector: title A, authors B, abstract C), and so is
 * `exact_vector`, the same document unstemmed ('simple'): quoted phrases match it exactly and exact
 * words rank above their stemmed relatives (docs/search.md). Where PostgreSQL has the RUM extension a
 * migration adds a RUM index on `search_vector` that returns the top k by rank (docs/search.md#plans).
 */
export const papers = pgTable(
  'papers',
  {
    platform: text('platform').notNull().default('arxiv'),
    paperId: text('paper_id').notNull(),
    title: text('title').notNull(),
    authors: text('authors').array().notNull().default(sql`'{}'::text[]`),
    abstract: text('abstract'),
    /** Primary category first. */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    publishedDate: date('published_date'),
    /**
     * 'year' when only the year of publishedDate is known (stored as YYYY-01-01: an imported entry with a
     * year alone, a PDF that prints only "© 2016"); null when the whole date is. Shown and exported as the
     * year alone (docs/import-export.md, docs/uploads.md).
     */
    publishedPrecision: text('published_precision'),
    updatedDate: date('updated_date'),
    pdfUrl: text('pdf_url'),
    doi: text('doi'),
    comments: text('comments'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`paper_search_vector(title, authors, abstract)`),
    exactVector: tsvector('exact_vector')
      .notNull()
      .generatedAlwaysAs(sql`paper_exact_vector(title, authors, abstract)`),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.paperId] }),
    check(
      'papers_published_precision_known',
      sql`${table.publishedPrecision} is null or ${table.publishedPrecision} = 'year'`,
    ),
    index('papers_search_vector_idx').using('gin', table.searchVector),
    index('papers_exact_vector_idx').using('gin', table.exactVector),
    // Typo-tolerant title matching ("did you mean") and title completions; pg_trgm, migration 0003.
    index('papers_title_trgm_idx').using('gin', sql`lower(${table.title}) gin_trgm_ops`),
    // Completions of titles that start with the typed text: a b-tree range, ~1 ms at 2.6M papers
    // where the trigram index reads whole posting lists (docs/search.md#suggestions).
    index('papers_title_prefix_idx').on(sql`lower(${table.title}) text_pattern_ops`),
    // A DOI pasted into the search box jumps to its paper (docs/search.md#jumps); DOIs are case-insensitive.
    index('papers_doi_idx').on(sql`lower(${table.doi})`),
    // Category filters and the daily feed's category matches (array overlap).
    index('papers_categories_idx').using('gin', table.categories),
    // The monitor's new papers of a topic (added since it was last seen): a day's harvest to test, not
    // every match of the topic (docs/search.md#monitor).
    index('papers_created_at_idx').on(table.createdAt),
    // Serves "recent first" paging (GET /api/papers) without a sort.
    index('papers_recent_idx').on(
      sql`${table.publishedDate} DESC NULLS LAST`,
      sql`${table.platform} DESC`,
      sql`${table.paperId} DESC`,
    ),
  ],
);
