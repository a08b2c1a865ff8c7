/** docs/search.md#by-date: a page of the newest matches, read from a range of the newest papers on a large corpus. */
import { and, gte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { papers } from '../../db/schema';
import { relevance } from '../../db/sql/full-text';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import { type LocalSettings, withLocalSettings } from './local-settings';
import type { RankedKey } from './ranked-window-cache';
import { plannedMatches } from './search-count.repo';
import { tableRowEstimate } from './search-index.repo';
import { type CorpusLimits, KEPT_DEPTH } from './search-limits';
import { keyedPage, type PageQuery, type PageRows, pageRows } from './search-page-rows.repo';

/**
 * docs/search.md#by-date: how many times the matches a page needs the range is sized for (a page the
 * range falls short of is read again without it).
 */
const NEWEST_RANGE_MARGIN = 2;

/**
 * docs/search.md#by-date: settings of a page read from a range of the newest papers. The range's
 * papers (the date index) and the matches (the full-text index) meet as two bitmaps, so only the
 * matches inside the range are read from the heap and sorted by date; the planner would rather walk
 * the date index from the newest paper and test each paper's vector, read out of TOAST (`graph` by
 * date at offset 900, 250k papers: 9,375 papers tested to find 930).
 */
const NEWEST_RANGE_SETTINGS: LocalSettings = { enable_indexscan: 'off', enable_seqscan: 'off', work_mem: '64MB' };

/** A page by date, and the newest matches it was cut from, to keep (docs/search.md#by-date). */
interface DatePage {
  rows: PageRows;
  newest?: { keys: RankedKey[]; depth: number };
}

/**
 * docs/search.md#by-date: the range of the newest papers that holds KEPT_DEPTH matches is read for a
 * page that needs a range itself when it spans at most this many times the page's: the date index's
 * share of the work grows with the range, while the full-text index's bitmap of every match costs
 * each page the same.
 */
const KEPT_RANGE_GROWTH = 4;

/**
 * The newest matches first, page `offset`..`offset + limit`; only the page is ranked. A page past the
 * first that needs a range of the newest papers (a Load more of a common word) is cut, when that range
 * is not much longer, from the newest KEPT_DEPTH matches, read at once and kept by the caller: the
 * later pages of the same Load more are cut from them, where each would read every match's bitmap
 * again. (With no range for KEPT_DEPTH, the matches are few: all of them are read.)
 */
export async function datePage(
  db: Db,
  { tsQuery, matches, limit, offset }: PageQuery,
  limits: CorpusLimits,
): Promise<DatePage> {
  const direct = async () => ({
    rows: await pageRows(db, tsQuery, newestKeys(matches, limit, offset), relevance(tsQuery)),
  });
  const spanFor = await newestSpans(db, matches, limits);
  const span = spanFor(offset + limit);
  if (span === undefined) return direct();
  const deepSpan = spanFor(KEPT_DEPTH);
  const isLoadMore = offset > 0 && offset + limit <= KEPT_DEPTH;
  if (isLoadMore && (deepSpan === undefined || deepSpan <= KEPT_RANGE_GROWTH * span)) {
    const newest = await newestMatches(
      db,
      matches,
      deepSpan === undefined ? undefined : await newestEdge(db, deepSpan),
    );
    // The page's own range is shorter: where this one holds too few matches for the page, so would it.
    if (newest.depth < offset + limit) return direct();
    return { rows: await keyedPage(db, tsQuery, newest.keys.slice(offset, offset + limit)), newest };
  }
  const since = await newestEdge(db, span);
  if (since === undefined) return direct();
  const rows = await withLocalSettings(db, NEWEST_RANGE_SETTINGS, (tx) =>
    pageRows(
      tx,
      tsQuery,
      newestKeys(and(matches, gte(papers.publishedDate, since)), limit, offset),
      relevance(tsQuery),
    ),
  );
  // A full page: the range holds at least offset + limit matches, and every match outside it is older.
  return rows.length === limit ? { rows } : direct();
}

/** The newest matches of `condition`, numbered: keys columns (platform, paper_id, position, page_score, matched_total). */
const newestKeys = (condition: SQL | undefined, limit: number, offset: number) => sql`(
  select platform, paper_id, row_number() over (order by published_date desc nulls last, platform desc, paper_id desc), null::real, null::bigint
  from (
    select ${papers.platform} as platform, ${papers.paperId} as paper_id, ${papers.publishedDate} as published_date
    from ${papers}
    where ${condition}
    order by ${papers.publishedDate} desc nulls last, ${papers.platform} desc, ${papers.paperId} desc
    limit ${limit} offset ${offset}
  ) as newest
)`;

/**
 * The newest KEPT_DEPTH matches, from the range of papers published `since` (NEWEST_RANGE_SETTINGS),
 * or without a range from every match, and how deep they are the newest matches (as a kept window's
 * depth): every match outside a range is older than those in it, so a range that holds fewer is still
 * the start of the order, that deep; without a range they are all there are.
 */
async function newestMatches(db: Db, matches: SQL, since: string | undefined) {
  const read = async (tx: Db | Tx) =>
    rowsOf<{ platform: string; paper_id: string }>(
      await tx.execute(
        sql`select platform, paper_id from ${newestKeys(
          since === undefined ? matches : and(matches, gte(papers.publishedDate, since)),
          KEPT_DEPTH,
          0,
        )} as newest(platform, paper_id, position, page_score, matched_total) order by position`,
      ),
    );
  const rows = since === undefined ? await read(db) : await withLocalSettings(db, NEWEST_RANGE_SETTINGS, read);
  const keys = rows.map((row) => ({ platform: row.platform, paperId: row.paper_id, score: null }));
  return { keys, depth: since === undefined || keys.length === KEPT_DEPTH ? KEPT_DEPTH : keys.length };
}

/**
 * docs/search.md#by-date: how many of the newest papers a range should span to hold `needed` matches
 * (NEWEST_RANGE_MARGIN times what the planner's estimate makes likely), for any `needed`, from one
 * estimate. Only on a corpus where totals are estimated (CORPUS_LIMITS), and undefined when the walk
 * would be short (`newestWalk`) or the range half the corpus or more: the matches are then few enough
 * for the planner to read them all through the full-text index and sort them (or the estimate is too
 * low to size a range by, as for two words it takes for independent).
 */
export async function newestSpans(
  db: Db,
  matches: SQL,
  limits: CorpusLimits,
): Promise<(needed: number) => number | undefined> {
  const rows = await tableRowEstimate(db);
  if (rows < limits.estimatedFrom) return () => undefined;
  const planned = await plannedMatches(db, matches);
  return (needed) => {
    const walk = Math.ceil((needed * rows) / Math.max(planned, 1));
    const span = walk * NEWEST_RANGE_MARGIN;
    return walk < limits.newestWalk || span >= rows / 2 ? undefined : span;
  };
}

/** The publication date `span` papers down the date index, read from the index alone. */
export async function newestEdge(db: Db, span: number): Promise<string | undefined> {
  const [edge] = await db
    .select({ date: papers.publishedDate })
    .from(papers)
    .where(ne(papers.platform, UPLOAD_PLATFORM))
    .orderBy(sql`${papers.publishedDate} desc nulls last, ${papers.platform} desc, ${papers.paperId} desc`)
    .offset(span)
    .limit(1);
  // No paper that far down, or only undated ones (they come last): the range would be everything.
  return edge?.date ?? undefined;
}
