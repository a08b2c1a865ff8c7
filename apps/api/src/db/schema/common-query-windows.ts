import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** One paper of a kept order, in the index's order: platform, paper id, full score (docs/search.md#ranking). */
export type StoredRankedKey = [platform: string, paperId: string, score: number];

/**
 * docs/search.md#common-words: the ranked order of each word common enough that ranking it on the
 * spot costs its first search dearly (RUM sorts every match's rank: 0.4-0.75 s for `model`, in 1.1M of
 * 2.6M papers), computed in the background after the corpus changes and read instead of ranking.
 */
export const commonQueryWindows = pgTable('common_query_windows', {
  /** The word as a user types it, lower-cased (a most common element of the exact vector). */
  query: text('query').primaryKey(),
  /** The first KEPT_DEPTH matches in the index's order, which a search re-ranks as it would its own. */
  keys: jsonb('keys').$type<StoredRankedKey[]>().notNull(),
  /** How many keys were asked for: fewer came back only when the word has no more matches. */
  depth: integer('depth').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The one row saying which state of the corpus common_query_windows was ranked on, and when. */
export const commonQueryWindowBuilds = pgTable(
  'common_query_window_builds',
  {
    id: smallint('id').primaryKey().default(1),
    /** Words ranked. */
    queries: integer('queries').notNull(),
    /** When papers had last arrived as the build started (corpus-status.repo.ts); a later arrival makes it stale. */
    corpusUpdatedAt: timestamp('corpus_updated_at', { withTimezone: true }),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
    buildMs: integer('build_ms').notNull(),
  },
  (table) => [check('common_query_window_builds_single_row', sql`${table.id} = 1`)],
);
