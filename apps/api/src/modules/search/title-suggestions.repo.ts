import { type SQL, sql } from 'drizzle-orm';
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
 * A sample (SAMPLE) of the public papers whose title meets `condition`, as suggestions: titles that
 * start with the typed text first, then the shortest; whitespace runs come back as one space.
 */
async function sampleTitles(db: Db, typed: string, condition: SQL, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select title from (
      select regexp_replace(title, '\\s+', ' ', 'g') as title, starts_with(lower(title), ${typed}) as is_prefix
      from papers
      where ${condition} and platform <> ${UPLOAD_PLATFORM}
      limit ${SAMPLE}
    ) sampled
    order by is_prefix desc, length(title), title
    limit ${limit}`);
  return rowsOf<{ title: string }>(result).map((row) => row.title);
}

/**
 * Titles that start with the typed text, then titles with a word that does (docs/search.md#suggestions).
 * Title starts are a range of papers_title_prefix_idx (~1 ms at 2.6M papers). Only when fewer than
 * `limit` titles start so are word starts sought: through the trigram index on lower(title), with one
 * `LIKE '%text%'` and the word start checked on the rows it finds (a second pattern for the title
 * start made PostgreSQL scan the index twice). That scan reads the posting lists of the text's
 * trigrams whole, common ones (`ent`, `ant`) included: 20-30 ms at 2.6M papers.
 */
async function findTitlesStartingWords(db: Db, typed: string, limit: number): Promise<string[]> {
  const literal = escapeLike(typed);
  const starts = await sampleTitles(db, typed, sql`lower(title) like ${`${literal}%`}`, limit);
  if (starts.length === limit) return starts;
  const wordStarts = sql`lower(title) like ${`%${literal}%`} and strpos(' ' || lower(title), ${` ${typed}`}) > 0`;
  const words = await sampleTitles(db, typed, wordStarts, limit);
  return [...new Set([...starts, ...words])].slice(0, limit);
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
