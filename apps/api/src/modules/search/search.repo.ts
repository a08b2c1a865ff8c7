import { and, count, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paperColumns } from '../../db/columns/paper-columns';
import { papers } from '../../db/schema';
import { inAnyCategory } from '../../db/sql/categories';
import { markMatches, matchesFullText, relevance, webSearchQuery } from '../../db/sql/full-text';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';

export interface SearchFilters {
  /** Corpus categories already resolved from the request's categories and archives; null: no filter. */
  categories: readonly string[] | null;
  from?: string | undefined;
  to?: string | undefined;
}

export interface SearchPage extends SearchFilters {
  query: string;
  sort: 'relevance' | 'date';
  limit: number;
  offset: number;
}

/** The public papers a query and its filters match (search is public: uploads are never hits). */
function matching(tsQuery: SQL, { categories, from, to }: SearchFilters): SQL {
  return and(
    matchesFullText(tsQuery),
    ne(papers.platform, UPLOAD_PLATFORM),
    categories ? inAnyCategory(categories) : undefined,
    from ? gte(papers.publishedDate, from) : undefined,
    to ? lte(papers.publishedDate, to) : undefined,
  ) as SQL;
}

/**
 * Matches are collected once, narrow (keys, date, score), through the GIN index; the page is cut from
 * them and only its rows are joined back for their full columns and their highlights (ts_headline
 * re-parses the text, so it runs for the page only). `hits` is read twice (page and total), so
 * Postgres materialises it instead of re-running the match. Ranking every match costs ~10 µs a row,
 * so a date sort ranks only the page it returns.
 */
export async function searchPapers(db: Db, { query, sort, limit, offset, ...filters }: SearchPage) {
  const tsQuery = webSearchQuery(query);
  const byRelevance = sort === 'relevance';
  const matches = matching(tsQuery, filters);
  const hits = db.$with('hits').as(
    db
      .select({
        platform: papers.platform,
        paperId: papers.paperId,
        publishedDate: papers.publishedDate,
        score: (byRelevance ? relevance(tsQuery) : sql<number>`0`).as('score'),
      })
      .from(papers)
      .where(matches),
  );
  // The same order over `hits` (to cut the page) and over `page` (to return it).
  const order = (row: Record<'score' | 'publishedDate' | 'platform' | 'paperId', unknown>): SQL[] => [
    ...(byRelevance ? [sql`${row.score} DESC`] : []),
    sql`${row.publishedDate} DESC NULLS LAST`,
    sql`${row.platform} DESC`,
    sql`${row.paperId} DESC`,
  ];
  const page = db
    .select()
    .from(hits)
    .orderBy(...order(hits))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .with(hits)
    .select({
      ...paperColumns,
      score: (byRelevance ? sql<number>`${page.score}` : relevance(tsQuery)).mapWith(Number),
      markedTitle: markMatches(papers.title, tsQuery),
      markedAbstract: markMatches(papers.abstract, tsQuery),
      total: sql<number>`(select count(*) from ${sql.identifier('hits')})`.mapWith(Number),
    })
    .from(page)
    .innerJoin(papers, and(eq(papers.platform, page.platform), eq(papers.paperId, page.paperId)))
    .orderBy(...order(page));
  const first = rows[0];
  if (first) return { rows, total: first.total };
  // A page past the end has no row to carry the total, so count the matches directly.
  if (offset === 0) return { rows, total: 0 };
  return { rows, total: await countMatches(db, query, filters) };
}

/** How many papers a query finds with these filters. */
export async function countMatches(db: Db, query: string, filters: SearchFilters): Promise<number> {
  const [counted] = await db
    .select({ value: count() })
    .from(papers)
    .where(matching(webSearchQuery(query), filters));
  return counted?.value ?? 0;
}
