import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Queries people searched (normalised: trimmed, lower-case), counted: the popular completions. */
export const searchQueries = pgTable(
  'search_queries',
  {
    query: text('query').primaryKey(),
    count: integer('count').notNull().default(1),
    /** How many results the query had the last time; queries without results are never suggested. */
    lastTotal: integer('last_total').notNull().default(0),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Completions look queries up by prefix (LIKE 'gra%'), which the primary key's collation-aware
    // btree cannot answer; text_pattern_ops compares bytes and can.
    index('search_queries_prefix_idx').on(table.query.op('text_pattern_ops')),
  ],
);
