import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { withinBudget } from '../../db/statement-budget';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import { escapeLike } from './like-pattern';

/**
 * Typed text shorter than this completes from popular queries only: with fewer than 3 characters
 * the trigram index has no trigram to look up, and every title would have to be read.
 */
export const MIN_TITLE_PREFIX = 3;
/** Look-alike titles (typo tolerance) are sought only for longer text, and only when nothing matched. */
const MIN_TYPO_LENGTH = 4;
/**
 * Matching titles read per step. A short prefix ("gra") matches thousands of titles, and reading
 * each from the table is what costs (~10 µs a row); ranking a bounded sample keeps every keystroke
 * to a few milliseconds, and a longer prefix makes the sample the whole set.
 */
const SAMPLE = 200;

/**
 * How long the look-alike search may take: it runs only when no title holds the text, and a long text
 * no title holds makes pg_trgm weigh many titles (133 ms for `dark matter halo` at 2.6M papers). A
 * completion that comes late is no use to someone typing, so past the budget there are none. PGlite
 * does not enforce statement timeouts; on the shipped corpus the search takes a few milliseconds.
 */
export const TYPO_BUDGET_MS = 40;

/**
 * Titles that start with the typed text or have a word that does, in that order, shortest first,
 * ranked within a bounded sample of the matches. The trigram index on lower(title) answers one
 * `LIKE '%text%'`, and the word start is checked on the rows it finds: with a second pattern for the
 * title start (`LIKE 'text%' OR LIKE '% text%'`) PostgreSQL scanned the index once for each, which
 * for a long text is most of the cost (68 → 32 ms for `quantum enta` at 2.6M papers, since the
 * posting lists of its common trigrams are read whole). Whitespace runs come back as one space.
 */
async function findTitlesStartingWords(db: Db, typed: string, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select title from (
      select regexp_replace(title, '\\s+', ' ', 'g') as title, starts_with(lower(title), ${typed}) as is_prefix
      from papers
      where lower(title) like ${`%${escapeLike(typed)}%`}
        and strpos(' ' || lower(title), ${` ${typed}`}) > 0
        and platform <> ${UPLOAD_PLATFORM}
      limit ${SAMPLE}
    ) sampled
    order by is_prefix desc, length(title), title
    limit ${limit}`);
  return rowsOf<{ title: string }>(result).map((row) => row.title);
}

/**
 * Titles with a part that looks like the typed text (pg_trgm word similarity): typo tolerance, within
 * TYPO_BUDGET_MS.
 */
async function findTitlesLike(db: Db, typed: string, limit: number): Promise<string[]> {
  const titles = await withinBudget(db, TYPO_BUDGET_MS, async (tx) => {
    const result = await tx.execute(sql`
      select regexp_replace(title, '\\s+', ' ', 'g') as title from papers
      where ${typed} <% lower(title) and platform <> ${UPLOAD_PLATFORM}
      order by word_similarity(${typed}, lower(title)) desc, length(title), title
      limit ${limit}`);
    return rowsOf<{ title: string }>(result).map((row) => row.title);
  });
  return titles ?? [];
}

/**
 * Paper titles completing the typed text (normalised), best first: titles that start with it, then
 * titles with a word that starts with it; when neither exists, titles that look like it.
 */
export async function findTitleSuggestions(db: Db, typed: string, limit: number): Promise<string[]> {
  if (typed.length < MIN_TITLE_PREFIX) return [];
  const titles = await findTitlesStartingWords(db, typed, limit);
  if (titles.length > 0 || typed.length < MIN_TYPO_LENGTH) return titles;
  return findTitlesLike(db, typed, limit);
}
