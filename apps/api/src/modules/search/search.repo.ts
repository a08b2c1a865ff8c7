/**
 * Search's entry (docs/search.md): a page of hits and its total, by relevance or by date. The SQL is in
 * its parts: search-compile.ts (the query), search-relevance.repo.ts, search-date.repo.ts,
 * search-common-words.repo.ts, search-count.repo.ts and search-page-rows.repo.ts; what each sends is
 * in src/queries/search.repo.sql (docs/testing.md#sql-snapshots).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paperColumns } from '../../db/columns/paper-columns';
import { papers } from '../../db/schema';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import { keepWindow, type RankedWindow, recallWindow } from './ranked-window-cache';
import { recallCommonWindow } from './search-common-words.repo';
import { compile, matching, NO_WORDS, type SearchFilters } from './search-compile';
import { countCompiled, countingOf } from './search-count.repo';
import { datePage } from './search-date.repo';
import { type SearchIndex, tableRowEstimate } from './search-index.repo';
import { CORPUS_LIMITS, type CorpusLimits, KEPT_DEPTH, RANK_WINDOW } from './search-limits';
import { keyedPage } from './search-page-rows.repo';
import { relevancePage, windowWithTotal } from './search-relevance.repo';

export { COMMON_WORD } from './search-common-words.repo';
export type { SearchFilters } from './search-compile';
export { countMatches } from './search-count.repo';
export { CORPUS_LIMITS, type CorpusLimits, KEPT_DEPTH, RANK_WINDOW } from './search-limits';
export { rankCommonWord } from './search-relevance.repo';

export interface SearchPage extends SearchFilters {
  query: string;
  sort: 'relevance' | 'date';
  limit: number;
  offset: number;
  index: SearchIndex;
  /** What a large corpus changes, from which size (CORPUS_LIMITS; tests lower it to reach those paths). */
  limits?: CorpusLimits;
}

/**
 * docs/search.md#ranking. By relevance: the matches are taken in the index's order as far as the page
 * reaches (at least the rank window), numbered, and the window's papers re-ranked by their full score;
 * the page is cut from that order and only its rows are read whole. By date: the newest matches, and
 * only the page is ranked (ranking every match costs ~10 µs a row).
 */
export async function searchPapers(
  db: Db,
  { query, sort, limit, offset, index, limits = CORPUS_LIMITS, ...filters }: SearchPage,
) {
  const { parsed, tsQuery, matchQuery } = compile(query, filters.author);
  const counting = countingOf(parsed, matchQuery, filters, index);
  const { matches } = counting;
  const reaches = (window: RankedWindow) => window.keys.length >= offset + limit || window.keys.length < window.depth;
  if (sort !== 'relevance' || !tsQuery) {
    const dateQuery = { tsQuery: tsQuery ?? NO_WORDS, matches, limit, offset };
    // docs/search.md#by-date: a Load more by date of a common query is cut from its newest matches, kept.
    const cacheKey = windowKey(query, filters, 'date');
    const remembered = recallWindow(db, cacheKey);
    if (remembered && reaches(remembered)) {
      const rows = await keyedPage(db, dateQuery.tsQuery, remembered.keys.slice(offset, offset + limit));
      return { rows, total: remembered.total, estimated: remembered.estimated };
    }
    const [{ rows, newest }, counted] = await Promise.all([
      datePage(db, dateQuery, limits),
      countCompiled(db, counting, limits),
    ]);
    if (newest && (counted.estimated || counted.total > limits.exactUpTo))
      keepWindow(db, cacheKey, { ...newest, ...counted });
    return { rows, ...counted };
  }
  // A RUM window's condition is on the ranked document (see matching); GIN's is the count's.
  const ranked = index === 'rum' ? matching(parsed, matchQuery, filters, true) : matches;
  const page = { parsed, tsQuery, matches: ranked, filters, index, limit, offset };
  if (index === 'rum' && offset + limit <= KEPT_DEPTH) {
    // docs/search.md#repeated-searches: a page in the window is cut from the whole ranked window, which
    // is kept when the query is too common to count: its next pages and repeats rank nothing again.
    // Paging past the window of such a query (Load more) keeps one KEPT_DEPTH deep: RUM sorts every
    // match's rank for any page past the first, so one such read serves every page down to KEPT_DEPTH.
    const cacheKey = windowKey(query, filters, 'relevance');
    // A window cut from a common word's order may stop short of the page (an exclusion's keys are
    // tested only as deep as the pages asked for so far): it is cut again, deeper.
    const remembered = recallWindow(db, cacheKey);
    const kept =
      remembered && reaches(remembered)
        ? remembered
        : ((await recallCommonWindow(db, cacheKey, { parsed, filters, counting, limits, needed: offset + limit })) ??
          remembered);
    if (kept && reaches(kept)) {
      const rows = await keyedPage(db, tsQuery, kept.keys.slice(offset, offset + limit));
      return { rows, total: kept.total, estimated: kept.estimated };
    }
    if (kept || offset + limit <= RANK_WINDOW.rum) {
      const depth = offset + limit <= RANK_WINDOW.rum ? RANK_WINDOW.rum : KEPT_DEPTH;
      const window = await windowWithTotal(db, page, counting, limits, depth);
      // A filtered query the planner thought rare was counted exactly, at the same cost as a common one.
      if (window.estimated || window.total > limits.exactUpTo) keepWindow(db, cacheKey, window);
      const { total, estimated } = window;
      return { rows: await keyedPage(db, tsQuery, window.keys.slice(offset, offset + limit)), total, estimated };
    }
  }
  if (index === 'rum') {
    const [rows, counted] = await Promise.all([relevancePage(db, page), countCompiled(db, counting, limits)]);
    return { rows, ...counted };
  }
  // GIN reads every match to choose the newest for its window, and on a corpus too small to estimate
  // totals it counts them on the way: a count of its own would read them all again. (On a large one
  // the count would hold every match in memory, or on disk, before the first row: the planner's
  // estimate stands instead.) Only a page past the last match has no row to carry the count.
  if ((await tableRowEstimate(db)) >= limits.estimatedFrom) {
    const [rows, counted] = await Promise.all([relevancePage(db, page), countCompiled(db, counting, limits)]);
    return { rows, ...counted };
  }
  const rows = await relevancePage(db, { ...page, counts: true });
  const [first] = rows;
  if (first?.matchedTotal != null) return { rows, total: Number(first.matchedTotal), estimated: false };
  return { rows, ...(offset === 0 ? { total: 0, estimated: false } : await countCompiled(db, counting, limits)) };
}

/** What a window is kept under: the query as typed, its resolved filters and its order. */
export const windowKey = (
  query: string,
  { categories, from, to, author }: SearchFilters,
  sort: SearchPage['sort'],
): string => JSON.stringify([query, categories, from ?? null, to ?? null, author ?? null, sort]);

/**
 * docs/search.md#jumps: the public paper an arXiv id or a DOI names, or undefined when the corpus
 * lacks it (DOIs compare case-insensitively, through papers_doi_idx).
 */
export async function findNamedPaper(db: Db, named: { paperId: string } | { doi: string }) {
  const [row] = await db
    .select(paperColumns)
    .from(papers)
    .where(
      'paperId' in named
        ? and(eq(papers.platform, 'arxiv'), eq(papers.paperId, named.paperId))
        : and(sql`lower(${papers.doi}) = lower(${named.doi})`, ne(papers.platform, UPLOAD_PLATFORM)),
    )
    .orderBy(papers.platform, papers.paperId)
    .limit(1);
  return row;
}
