import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * docs/recommendations.md#term-statistics: how many public papers hold each title or abstract
 * lexeme (ts_stat over every search vector, lexemes of one paper left out). Kept in the database
 * because computing it reads every vector (51 s at 2.6M papers): each API process loads it at first
 * use instead of computing it, and a rebuild is a background job's work.
 */
export const termFrequencies = pgTable('term_frequencies', {
  lexeme: text('lexeme').primaryKey(),
  papers: integer('papers').notNull(),
});

/** The one row saying which corpus size term_frequencies was counted over, and when. */
export const termStatsBuilds = pgTable(
  'term_stats_builds',
  {
    id: smallint('id').primaryKey().default(1),
    /** Public papers counted. */
    documents: integer('documents').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
    /** How long the build took, shown in the scheduled job's result and docs/benchmarks.md. */
    buildMs: integer('build_ms').notNull(),
  },
  (table) => [check('term_stats_builds_single_row', sql`${table.id} = 1`)],
);
