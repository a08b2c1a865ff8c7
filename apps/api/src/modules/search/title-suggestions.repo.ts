import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { escapeLike } from '../../db/sql/like-pattern';
import { withinBudget } from '../../db/statement-budget';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';

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

/** Rows as suggestions: whitespace runs inside a title come back as one space. */
const titleText = sql`regexp_replace(title, '\\s+', ' ', 'g')`;
const titlesOf = (result: unknown) => rowsOf<{ title: string }>(result).map((row) => row.title);

/**
 * Distinct titles that start with the typed text, shortest first, within the first SAMPLE of them in
 * the order of papers_title_prefix_idx (`~<~` is its opclass's order, so the scan stops at SAMPLE
 * distinct titles instead of sorting every match; ~1-2 ms at 2.6M papers). Distinct, because
 * alphabetical order puts papers of the same title side by side.
 */
async function findTitleStarts(db: Db, typed: string, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select title from (
      select distinct on (lower(title)) ${titleText} as title
      from papers
      where lower(title) like ${`${escapeLike(typed)}%`} and platform <> ${UPLOAD_PLATFORM}
      order by lower(title) using ~<~
      limit ${SAMPLE}
    ) sampled
    order by length(title), title
    limit ${limit}`);
  return titlesOf(result);
}

/**
 * Titles with a word that starts with the typed text (title starts first), shortest first within a
 * sample of SAMPLE matches: through the trigram index on lower(title) with one `LIKE '%text%'`, the
 * word start checked on the rows it finds (a second pattern for the title start made PostgreSQL scan
 * the index twice). The scan reads the posting lists of the text's trigrams whole, common ones (`ent`,
 * `ant`) included: 20-30 ms at 2.6M papers.
 */
async function findWordStarts(db: Db, typed: string, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select title from (
      select ${titleText} as title, starts_with(lower(title), ${typed}) as is_prefix
      from papers
      where lower(title) like ${`%${escapeLike(typed)}%`}
        and strpos(' ' || lower(title), ${` ${typed}`}) > 0
        and platform <> ${UPLOAD_PLATFORM}
      limit ${SAMPLE}
    ) sampled
    order by is_prefix desc, length(title), title
    limit ${limit}`);
  return titlesOf(result);
}

/**
 * Titles that start with the typed text, then titles with a word that does (docs/search.md#suggestions):
 * word starts are sought only when fewer than `limit` titles start so.
 */
async function findTitlesStartingWords(db: Db, typed: string, limit: number): Promise<string[]> {
  const starts = await findTitleStarts(db, typed, limit);
  if (starts.length === limit) return starts;
  return [...new Set([...starts, ...(await findWordStarts(db, typed, limit))])].slice(0, limit);
}

/**
 * Titles with a part that looks like the typed text (pg_trgm word similarity): typo tolerance, within
 * TYPO_BUDGET_MS.
 */
async function findTitlesLike(db: Db, typed: string, limit: number): Promise<string[]> {
  const titles = await withinBudget(db, TYPO_BUDGET_MS, async (tx) => {
    const result = await tx.execute(sql`
      select ${titleText} as title from papers
      where ${typed} <% lower(title) and platform <> ${UPLOAD_PLATFORM}
      order by word_similarity(${typed}, lower(title)) desc, length(title), title
      limit ${limit}`);
    return titlesOf(result);
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
