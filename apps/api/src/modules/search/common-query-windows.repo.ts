import { eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { commonQueryWindowBuilds, commonQueryWindows, type StoredRankedKey } from '../../db/schema';
import type { ScoredKey } from './kept-order';

/**
 * A common word's first matches in the index's order, each with its full score, and how many were
 * asked for (fewer came back only when the word has no more matches).
 */
export interface KeptOrder {
  keys: ScoredKey[];
  depth: number;
}

/** The order ranked in the background for this word (docs/search.md#common-words), if there is one. */
export async function selectCommonOrder(db: Db, word: string): Promise<KeptOrder | undefined> {
  const [row] = await db
    .select({ keys: commonQueryWindows.keys, depth: commonQueryWindows.depth })
    .from(commonQueryWindows)
    .where(eq(commonQueryWindows.query, word));
  if (!row) return undefined;
  return { keys: row.keys.map(([platform, paperId, score]) => ({ platform, paperId, score })), depth: row.depth };
}

/**
 * The words users type whose stemmed form is in at least `minMatches` papers, most common first, read
 * from ANALYZE's statistics (nothing is counted): the exact vector's most common elements (typed
 * forms, `models` and `model`) whose one stemmed lexeme's share of the stemmed vector's rows, times
 * the table's rows, reaches `minMatches`. That share is the planner's own estimate of the word's
 * matches. Undefined when the table has not been analyzed yet. `pattern` is the plain-word pattern.
 */
export async function selectCommonWords(db: Db, minMatches: number, pattern: string): Promise<string[] | undefined> {
  const result = await db.execute(sql`
    with stats as (
      select attname, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
      from pg_stats
      where schemaname = current_schema() and tablename = 'papers' and attname in ('exact_vector', 'search_vector')
    ),
    typed as (
      select unnest(elems) as word from stats where attname = 'exact_vector'
    ),
    stemmed as (
      -- most_common_elem_freqs ends with three numbers more than there are elements (min, max, nulls).
      select unnest(elems) as lexeme, unnest(freqs[1:cardinality(elems)]) as share
      from stats where attname = 'search_vector'
    ),
    common as (
      select typed.word, stemmed.share
      from typed
      cross join lateral (select tsvector_to_array(to_tsvector('english', typed.word)) as lexemes) as stem
      join stemmed on stemmed.lexeme = stem.lexemes[1]
      where typed.word ~ ${pattern} and cardinality(stem.lexemes) = 1
        and stemmed.share * (select greatest(reltuples, 0) from pg_class where oid = 'papers'::regclass) >= ${minMatches}
    )
    select exists (select 1 from stats) as analyzed,
      coalesce((select array_agg(word order by share desc, word) from common), '{}') as words`);
  const [row] = rowsOf<{ analyzed: boolean; words: string[] }>(result);
  return row?.analyzed ? row.words : undefined;
}

/** Replaces one word's order: readers see the old one or the new one, each whole. */
export async function storeCommonOrder(db: Db, word: string, { keys, depth }: KeptOrder) {
  const stored: StoredRankedKey[] = keys.map((key) => [key.platform, key.paperId, key.score]);
  const values = { keys: stored, depth, builtAt: sql`now()` };
  await db
    .insert(commonQueryWindows)
    .values({ query: word, ...values })
    .onConflictDoUpdate({ target: commonQueryWindows.query, set: values });
}

/** The last finished build, or undefined before the first. */
export async function selectCommonWindowBuild(db: Db) {
  const [row] = await db.select().from(commonQueryWindowBuilds).limit(1);
  return row;
}

/**
 * Ends a build: the windows of words no longer common go, and the build row records what the corpus
 * looked like when it began, in one transaction.
 */
export async function finishCommonWindowBuild(
  db: Db,
  { words, corpusUpdatedAt, buildMs }: { words: readonly string[]; corpusUpdatedAt: Date | null; buildMs: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (words.length > 0) await tx.delete(commonQueryWindows).where(notInArray(commonQueryWindows.query, [...words]));
    else await tx.delete(commonQueryWindows);
    const values = { queries: words.length, corpusUpdatedAt, buildMs, builtAt: sql`now()` };
    await tx
      .insert(commonQueryWindowBuilds)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: commonQueryWindowBuilds.id, set: values });
  });
}

/** Forgets every window and the build (a corpus too small, or without RUM, ranks every search itself). */
export async function clearCommonWindows(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(commonQueryWindows);
    await tx.delete(commonQueryWindowBuilds);
  });
}
