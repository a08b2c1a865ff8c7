import { type SQL, sql } from 'drizzle-orm';
import { papers } from '../schema';
import { archiveOf } from './categories';

/**
 * docs/search.md#filters-in-the-index: the document RUM ranks, the stemmed vector and the paper's
 * facets (paper_facets, migration 20261125013424: 'category cs.LG', 'archive cs', 'years 2010-2011'). Its
 * RUM index decides a filter with the words, so only the matches inside the filter are ranked. The
 * facets have no positions and match no word: its distance to a query is search_vector's.
 */
export const rankedDocument = sql`(${papers.searchVector} || paper_facets(${papers.categories}, ${papers.publishedDate}))`;

/**
 * paper_facets' years: aligned blocks of 1, 2, 4 … 2^(LEVELS-1) years from FIRST_YEAR to LAST_YEAR;
 * outside them, 'years early' and 'years late'.
 */
const FIRST_YEAR = 1900;
const LEVELS = 8;
const LAST_YEAR = FIRST_YEAR + 2 ** LEVELS - 1;

/**
 * The facet lexemes of papers published in the calendar years `from` to `to` (either open): the
 * fewest aligned blocks that tile the range (at most two of each size), and 'years early' or
 * 'years late' where it reaches past the blocks.
 */
export function yearFacets(from: number | undefined, to: number | undefined): string[] {
  const low = from ?? Number.NEGATIVE_INFINITY;
  const high = to ?? Number.POSITIVE_INFINITY;
  if (low > high) return [];
  const facets: string[] = [];
  if (low < FIRST_YEAR) facets.push('years early');
  let start = Math.max(low, FIRST_YEAR) - FIRST_YEAR;
  const end = Math.min(high, LAST_YEAR) - FIRST_YEAR;
  while (start <= end) {
    let level = LEVELS - 1;
    while (level > 0 && (start % 2 ** level !== 0 || start + 2 ** level - 1 > end)) level -= 1;
    const first = FIRST_YEAR + start;
    facets.push(`years ${first}-${first + 2 ** level - 1}`);
    start += 2 ** level;
  }
  if (high > LAST_YEAR) facets.push('years late');
  return facets;
}

/**
 * The most facets of one kind a query ORs. RUM's cost grows with the lexemes ORed times the papers
 * they hold (`graph` in 4 math categories at 2.6M papers: 0.1 s; in 16: 1.1 s; in 33: 7.2 s), so a
 * longer list is left to the row filter alone.
 */
export const MAX_FACETS = 4;

/**
 * The category facets of a filter: its categories, or where they are more than MAX_FACETS, their
 * archives (papers of other categories of an archive are turned away by the row filter).
 */
function categoryFacets(categories: readonly string[]): string[] {
  if (categories.length <= MAX_FACETS) return categories.map((category) => `category ${category}`);
  return [...new Set(categories.map(archiveOf))].map((archive) => `archive ${archive}`);
}

/** What a search is filtered by: resolved categories (null: any) and a date range, YYYY-MM-DD. */
export interface FacetFilters {
  categories: readonly string[] | null;
  from?: string | undefined;
  to?: string | undefined;
}

/** A lexeme quoted for tsquery input (a quote is doubled, a backslash escaped). */
const quotedLexeme = (lexeme: string) => `'${lexeme.replace(/['\\]/g, (c) => (c === "'" ? "''" : '\\\\'))}'`;

const yearOf = (date: string | undefined) => (date ? Number(date.slice(0, 4)) : undefined);

/**
 * The facets a paper inside the filters holds, as a tsquery (each group ORed, the groups ANDed), or
 * undefined without filters. It only narrows what the index hands out: the filters themselves are
 * still checked on each row (a date range ends on a day, not a year).
 */
export function facetQuery({ categories, from, to }: FacetFilters): SQL | undefined {
  const groups: string[][] = [];
  if (categories?.length) groups.push(categoryFacets(categories));
  if (from || to) groups.push(yearFacets(yearOf(from), yearOf(to)));
  const text = groups
    .filter((group) => group.length > 0 && group.length <= MAX_FACETS)
    .map((group) => `(${group.map(quotedLexeme).join(' | ')})`)
    .join(' & ');
  return text ? sql`${text}::tsquery` : undefined;
}

/** Papers whose ranked document matches `query` inside the filters: RUM decides both at once. */
export function matchesRankedDocument(query: SQL, filters: FacetFilters): SQL<boolean> {
  const facets = facetQuery(filters);
  return sql<boolean>`${rankedDocument} @@ ${facets ? sql`(${query} && ${facets})` : query}`;
}
