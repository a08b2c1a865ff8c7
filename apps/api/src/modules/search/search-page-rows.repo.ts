/**
 * The rows of a page of hits: full columns, read only for the page's keys, with the query as
 * PostgreSQL reads it, whose lexemes the page's highlights mark (docs/search.md#highlights).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paperColumns } from '../../db/columns/paper-columns';
import { papers } from '../../db/schema';
import { relevance } from '../../db/sql/full-text';
import type { RankedKey } from './ranked-window-cache';

export type PageRows = Awaited<ReturnType<typeof pageRows>>;

/**
 * The page's rows with their full columns, and the query as PostgreSQL reads it, whose lexemes the
 * page's highlights mark (search-highlights.ts). `keys` has the columns (platform, paper_id, position,
 * page_score, matched_total).
 */
export function pageRows(db: Db | Tx, tsQuery: SQL, keys: SQL, score: SQL<number>) {
  return db
    .select({
      ...paperColumns,
      score: score.mapWith(Number),
      matchedTotal: sql<number | string | null>`page.matched_total`,
      queryText: sql<string>`${tsQuery}::text`,
    })
    .from(papers)
    .innerJoin(
      sql`${keys} as page(platform, paper_id, position, page_score, matched_total)`,
      sql`page.platform = ${papers.platform} and page.paper_id = ${papers.paperId}`,
    )
    .orderBy(sql`page.position`);
}

export interface PageQuery {
  tsQuery: SQL;
  matches: SQL;
  limit: number;
  offset: number;
}

/** The page's rows for keys already ranked (a window's slice), in that order. */
export function keyedPage(db: Db, tsQuery: SQL, keys: readonly RankedKey[]): Promise<PageRows> | PageRows {
  if (keys.length === 0) return [];
  const values = sql.join(
    keys.map((key, i) => sql`(${key.platform}, ${key.paperId}, ${i + 1}::int, ${key.score}::float8, null::bigint)`),
    sql`, `,
  );
  // Past the rank window a paper has no full score: its stemmed rank stands, as on a page read directly.
  return pageRows(db, tsQuery, sql`(values ${values})`, sql<number>`coalesce(page.page_score, ${relevance(tsQuery)})`);
}
