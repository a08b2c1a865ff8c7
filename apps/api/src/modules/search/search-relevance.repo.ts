/**
 * docs/search.md#ranking, #plans: a page by relevance. The matches in the index's order (RUM: rank;
 * GIN: newest first), the rank window's papers re-ranked by their full score.
 */
import { ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { papers } from '../../db/schema';
import { relevance } from '../../db/sql/full-text';
import { matchesRankedDocument, rankedDocument } from '../../db/sql/search-facets';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import type { KeptOrder } from './common-query-windows.repo';
import { type LocalSettings, withLocalSettings } from './local-settings';
import type { RankedKey, RankedWindow } from './ranked-window-cache';
import { compile, fullScore, matching, type SearchFilters } from './search-compile';
import { type Counting, countCompiled } from './search-count.repo';
import type { SearchIndex } from './search-index.repo';
import { type CorpusLimits, KEPT_DEPTH, RANK_WINDOW } from './search-limits';
import { type PageQuery, type PageRows, pageRows } from './search-page-rows.repo';
import type { ParsedQuery } from './search-query';

/**
 * docs/search.md#plans: settings of the relevance statement on PostgreSQL. The planner would read a
 * two-word query's matches through the GIN bitmap and sort them by rank, as it underestimates how many
 * papers hold both words (274 planned, 12,999 found: 382 ms against 84 ms from RUM at 2.6M papers);
 * bitmaps and scans are ruled out so the RUM index hands the top out in order, and its sort of the
 * matches' ranks gets the memory to stay off disk.
 */
const RUM_SETTINGS: LocalSettings = { enable_bitmapscan: 'off', enable_seqscan: 'off', work_mem: '64MB' };

/**
 * The key the index hands matches out by: with RUM, its rank distance (the top k come straight out of
 * the index, docs/search.md#plans); with GIN, which has no order, the newest first: a bounded choice
 * that reads no vector (testing each match's title would read every match's vector once more).
 */
function indexKey(index: SearchIndex, tsQuery: SQL): { key: SQL; direction: SQL } {
  if (index === 'rum') return { key: sql`${rankedDocument} <=> ${tsQuery}`, direction: sql`asc` };
  return { key: sql`${papers.publishedDate}`, direction: sql`desc nulls last` };
}

export interface RelevancePageQuery extends PageQuery {
  parsed: ParsedQuery;
  filters: SearchFilters;
  index: SearchIndex;
  /** Count every match while choosing the window (GIN, which reads them all anyway). */
  counts?: boolean;
}

/**
 * The first `count` matches in the index's order, numbered from 1 (`position`, ties broken newest
 * first), with their index key (RUM: the rank distance) and, when `counts`, the number of matches:
 * columns platform, paper_id, index_key, matched_total, position.
 */
function indexOrder({ parsed, tsQuery, matches, filters, index, counts }: RelevancePageQuery, count: number): SQL {
  const { key, direction } = indexKey(index, tsQuery);
  // RUM returns rows in rank order only for a lone `<=>` key (a tie-break would make PostgreSQL sort
  // every match). Ties are broken once the rows are fetched, by the numbering below; WITH TIES keeps
  // every row tied with the last, so a page is the same whichever page size reached it.
  const order =
    index === 'rum'
      ? sql`${key}`
      : sql`${key} ${direction}, ${papers.publishedDate} desc nulls last, ${papers.platform} desc, ${papers.paperId} desc`;
  const newestFirst = sql`published_date desc nulls last, platform desc, paper_id desc`;
  // RUM hands out in rank order only the matches of a condition on its own column. With a phrase,
  // matches leave the stemmed query out (see matching), and the planner, which prices a phrase at a
  // handful of rows, would take the exact vector's index and rank every match from the heap (2.5 s for
  // "monte carlo" at 2.6M papers). So the stemmed query's ordered scan runs behind a fence (OFFSET 0)
  // and the exact condition is checked on the rows it hands out, in rank order (84 ms).
  const fenced = index === 'rum' && parsed.hasPhrase;
  const source = fenced
    ? sql`(select *, ${key} as rum_key from ${papers}
        where ${matchesRankedDocument(tsQuery, filters)} and ${ne(papers.platform, UPLOAD_PLATFORM)}
        order by ${key} offset 0) as ${papers}`
    : papers;
  const sourceKey = fenced ? sql`${papers}.rum_key` : key;
  const matchedTotal = counts ? sql`count(*) over ()` : sql`null::bigint`;
  return sql`(
    select platform, paper_id, index_key, matched_total,
      row_number() over (order by index_key ${direction}, ${newestFirst}) as position
    from (
      select ${papers.platform} as platform, ${papers.paperId} as paper_id,
        ${papers.publishedDate} as published_date, ${sourceKey} as index_key, ${matchedTotal} as matched_total
      from ${source}
      where ${matches}
      order by ${fenced ? sourceKey : order}
      fetch first ${count} rows with ties
    ) as matched
  )`;
}

/**
 * docs/search.md#ranking: the full score of a match of an indexOrder aliased `fetched`, read from its
 * papers row. The stemmed rank, 0..1: RUM already computed it in the index as a distance (1/rank), so
 * the vectors are not read for it again; GIN has none to give.
 */
function fullScoreOf({ parsed, tsQuery, index }: RelevancePageQuery): SQL<number> {
  const base = index === 'rum' ? sql`1.0 / (1.0 + fetched.index_key)` : relevance(tsQuery);
  return fullScore(base, parsed.wanted);
}

/**
 * The keys of the matches ranked `offset + 1` to `offset + limit` (platform, paper_id, position,
 * page_score, matched_total: the number of matches when `counts`, else null).
 */
function rankedKeys(page: RelevancePageQuery): SQL {
  const { index, limit, offset } = page;
  const window = RANK_WINDOW[index];
  // The window's papers are scored only when the page lies in it; past it, the index's order stands
  // and only the page's papers are read.
  const needed =
    offset < window
      ? sql`fetched.position <= ${window} or fetched.position > ${offset} and fetched.position <= ${offset + limit}`
      : sql`fetched.position > ${offset} and fetched.position <= ${offset + limit}`;
  return sql`(
    select platform, paper_id, final_position, page_score, matched_total from (
      select platform, paper_id, page_score, matched_total,
        case when position > ${window} then position
          else row_number() over (partition by position > ${window} order by page_score desc, position) end
          as final_position
      from (
        select fetched.platform, fetched.paper_id, fetched.position, fetched.matched_total,
          case when fetched.position <= ${window} then ${fullScoreOf(page)} end as page_score
        from ${indexOrder(page, Math.max(window, offset + limit))} as fetched
        join ${papers} on ${papers.platform} = fetched.platform and ${papers.paperId} = fetched.paper_id
        where ${needed}
      ) as scored
    ) as ranked
    where final_position > ${offset} and final_position <= ${offset + limit}
  )`;
}

/** A RUM search's first `depth` matches in order, with its total: what a window keeps. */
export async function windowWithTotal(
  db: Db,
  page: RelevancePageQuery,
  counting: Counting,
  limits: CorpusLimits,
  depth: number,
): Promise<RankedWindow> {
  const [keys, counted] = await Promise.all([rankWindow(db, page, depth), countCompiled(db, counting, limits)]);
  return { keys, depth, ...counted };
}

/**
 * docs/search.md#common-words: the first KEPT_DEPTH matches of `word` alone in the index's order,
 * each with its full score, for the background job to keep (RUM only: the order comes out of the
 * index by rank). A search pages it as it pages its own (rankedFromIndexOrder).
 */
export async function rankCommonWord(db: Db, word: string): Promise<KeptOrder> {
  const { parsed, tsQuery, matchQuery } = compile(word, null);
  if (!tsQuery) throw new Error(`rankCommonWord: "${word}" has no words to rank`);
  const filters = { categories: null };
  const matches = matching(parsed, matchQuery, filters, true);
  const page = { parsed, tsQuery, matches, filters, index: 'rum' as const, limit: KEPT_DEPTH, offset: 0 };
  const rows = await withLocalSettings(db, RUM_SETTINGS, async (tx) =>
    rowsOf<{ platform: string; paper_id: string; score: number | string }>(
      await tx.execute(sql`select fetched.platform, fetched.paper_id, ${fullScoreOf(page)} as score
        from ${indexOrder(page, KEPT_DEPTH)} as fetched
        join ${papers} on ${papers.platform} = fetched.platform and ${papers.paperId} = fetched.paper_id
        order by fetched.position`),
    ),
  );
  const keys = rows.map((row) => ({ platform: row.platform, paperId: row.paper_id, score: Number(row.score) }));
  return { keys, depth: KEPT_DEPTH };
}

export async function relevancePage(db: Db, page: RelevancePageQuery): Promise<PageRows> {
  const keys = rankedKeys(page);
  const score = sql<number>`coalesce(page.page_score, ${relevance(page.tsQuery)})`;
  if (page.index !== 'rum') return pageRows(db, page.tsQuery, keys, score);
  return withLocalSettings(db, RUM_SETTINGS, (tx) => pageRows(tx, page.tsQuery, keys, score));
}

/**
 * The first `depth` matches of a RUM search in order (the rank window, and past it the index's
 * order), with each window paper's full score.
 */
async function rankWindow(db: Db, page: RelevancePageQuery, depth: number): Promise<RankedKey[]> {
  const keys = rankedKeys({ ...page, offset: 0, limit: depth });
  const rows = await withLocalSettings(db, RUM_SETTINGS, async (tx) =>
    rowsOf<{ platform: string; paper_id: string; page_score: number | string | null }>(
      await tx.execute(sql`select platform, paper_id, page_score from ${keys} as ranked order by final_position`),
    ),
  );
  return rows.map((row) => ({
    platform: row.platform,
    paperId: row.paper_id,
    score: row.page_score === null ? null : Number(row.page_score),
  }));
}
