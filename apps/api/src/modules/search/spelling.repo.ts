import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import { adjacentSwaps, closestSpelling } from './edit-distance';

/** At most this many words of one query are looked up (each rare one costs a trigram search). */
const MAX_WORDS = 8;
/**
 * Words in at most this many papers are correction candidates. A typo is rarely unique: arXiv's own
 * titles spell "tranformer" and "atention" now and then, so "known" alone would let typos stand.
 */
const RARE_DF = 20;
/** A replacement must be in this many times more papers than the word it replaces. */
const MORE_COMMON_BY = 5;
/** Counting stops here: a word this common is no typo, and counting further costs time. */
const DF_CAP = 1000;
/** Titles sampled per rare word; their words are the candidates. */
const SAMPLE_TITLES = 200;
/** Candidates per rare word whose spelling and paper counts are compared. */
const CANDIDATES = 10;
/**
 * Trigram word similarity a title must reach to be sampled: below pg_trgm's default 0.6, so a typo
 * in a short word ("atention", "quantm") still finds its word, above the noise of shared endings.
 */
const WORD_SIMILARITY = '0.45';
/** The least trigram similarity of a replacement to the typed word. */
const MIN_SIMILARITY = 0.35;

/** How many public papers contain each word (capped at DF_CAP); stop words, which match nothing by design, are left out. */
async function countPapersWith(db: Db, words: readonly string[]): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select w.word, (
      select count(*) from (
        select 1 from papers p
        where p.search_vector @@ plainto_tsquery('english', w.word) and p.platform <> ${UPLOAD_PLATFORM}
        limit ${DF_CAP}
      ) capped
    )::int as df
    from unnest(${sql.param(words)}::text[]) as w(word)
    where numnode(plainto_tsquery('english', w.word)) > 0`);
  return new Map(rowsOf<{ word: string; df: number }>(result).map((row) => [row.word, row.df]));
}

/**
 * Title words most like `word`: titles containing something like it are found through the trigram
 * index on lower(title), their words ranked by trigram similarity, then by how often they occur among
 * those titles.
 */
async function similarTitleWords(db: Db, word: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY}, true)`);
    const result = await tx.execute(sql`
      select candidate from (
        select regexp_split_to_table(lower(title), '[^[:alpha:]]+') as candidate
        from (
          select title from papers
          where ${word} <% lower(title) and platform <> ${UPLOAD_PLATFORM}
          order by ${word} <<-> lower(title)
          limit ${SAMPLE_TITLES}
        ) sampled
      ) words
      where length(candidate) >= 3 and candidate <> ${word} and similarity(candidate, ${word}) >= ${MIN_SIMILARITY}
      group by candidate
      order by similarity(candidate, ${word}) desc, count(*) desc, candidate
      limit ${CANDIDATES}`);
    return rowsOf<{ candidate: string }>(result).map((row) => row.candidate);
  });
}

/**
 * Corrections for the rare words of a query: typed word → the title word fewest edits away (then
 * the more common) among those in several times as many papers, so a real but rare word is only
 * replaced by a far more common twin. Trigrams find the candidates; edit distance tells
 * "differental" is "differential" rather than "different".
 */
export async function correctWords(db: Db, words: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(words)].slice(0, MAX_WORDS);
  const corrections = new Map<string, string>();
  if (unique.length === 0) return corrections;
  for (const [word, df] of await countPapersWith(db, unique)) {
    if (df > RARE_DF) continue;
    const candidates = [...new Set([...adjacentSwaps(word), ...(await similarTitleWords(db, word))])];
    if (candidates.length === 0) continue;
    const counts = await countPapersWith(db, candidates);
    const replacement = closestSpelling(
      word,
      candidates.filter((candidate) => (counts.get(candidate) ?? 0) >= Math.max(1, MORE_COMMON_BY * df)),
      counts,
    );
    if (replacement) corrections.set(word, replacement);
  }
  return corrections;
}
