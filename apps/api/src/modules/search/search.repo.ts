import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { papers } from '../../db/schema';
import { paperColumns } from '../papers/paper.presenter';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility';
import { relevance, webSearchQuery } from './search.sql';

export interface SearchPage {
  query: string;
  sort: 'relevance' | 'date';
  limit: number;
  offset: number;
}

/**
 * Matches are collected once, narrow (keys, date, score), through the GIN index; the page is cut from
 * them and only its rows are joined back for their full columns. `hits` is read twice (page and
 * total), so Postgres materialises it instead of re-running the match. Ranking every match costs
 * ~10 µs a row, so a date sort ranks only the page it returns.
 */
export async function searchPapers(db: Db, { query, sort, limit, offset }: SearchPage) {
  const tsQuery = webSearchQuery(query);
  const byRelevance = sort === 'relevance';
  // Search is public: uploads (private to their uploader, issue 3) are never among the hits.
  const matches = and(sql`${papers.searchVector} @@ ${tsQuery}`, ne(papers.platform, UPLOAD_PLATFORM));
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
      total: sql<number>`(select count(*) from ${sql.identifier('hits')})`.mapWith(Number),
    })
    .from(page)
    .innerJoin(papers, and(eq(papers.platform, page.platform), eq(papers.paperId, page.paperId)))
    .orderBy(...order(page));
  const first = rows[0];
  if (first) return { rows, total: first.total };
  // A page past the end has no row to carry the total, so count the matches directly.
  if (offset === 0) return { rows, total: 0 };
  const [counted] = await db.select({ value: count() }).from(papers).where(matches);
  return { rows, total: counted?.value ?? 0 };
}
