import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * docs/grants.md: research grants of every source, keyed by (source, source_id): funded awards (NIH RePORTER,
 * NSF, NEH, USAspending, Federal RePORTER) and open or forecasted calls (Grants.gov), told apart by `kind`.
 * `search_vector` is computed by the database (grant_search_vector: title A, keywords B, abstract C).
 */
export const grants = pgTable(
  'grants',
  {
    /** nih | nsf | grantsgov | neh | usaspending | federal_reporter. */
    source: text('source').notNull(),
    /** The source's own id (NIH project number, NSF award id, Grants.gov opportunity id…). */
    sourceId: text('source_id').notNull(),
    /** 'award' (funded) or 'opportunity' (an open or forecasted call). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    abstract: text('abstract'),
    agency: text('agency').notNull(),
    organisation: text('organisation'),
    /** Principal investigator(s), joined by "; ". */
    pi: text('pi'),
    amount: doublePrecision('amount'),
    currency: text('currency').notNull().default('USD'),
    /** An award's start, an opportunity's open date. */
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** An opportunity's closing date. */
    closeDate: date('close_date'),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    url: text('url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`grant_search_vector(title, keywords, abstract)`),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.sourceId] }),
    check('grants_kind_check', sql`${table.kind} in ('award', 'opportunity')`),
    index('grants_search_vector_idx').using('gin', table.searchVector),
    index('grants_agency_idx').on(table.agency),
    index('grants_start_date_idx').on(sql`${table.startDate} DESC NULLS LAST`),
  ],
);
