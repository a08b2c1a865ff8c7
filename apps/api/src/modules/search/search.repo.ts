import { count, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { papers } from '../../db/schema';
import { paperColumns } from '../papers/paper.presenter';
import { recentOrder } from '../papers/papers.repo';
import { relevance, webSearchQuery } from './search.sql';

export interface SearchPage {
  query: string;
  sort: 'relevance' | 'date';
  limit: number;
  offset: number;
}

export async function searchPapers(db: Db, { query, sort, limit, offset }: SearchPage) {
  const tsQuery = webSearchQuery(query);
  const score = relevance(tsQuery);
  const matches = sql`${papers.searchVector} @@ ${tsQuery}`;
  const rows = await db
    .select({ ...paperColumns, score, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(papers)
    .where(matches)
    .orderBy(...(sort === 'date' ? [...recentOrder, desc(score)] : [desc(score), ...recentOrder]))
    .limit(limit)
    .offset(offset);
  const first = rows[0];
  if (first) return { rows, total: first.total };
  // A page past the end has no row to carry the window count, so count the matches directly.
  if (offset === 0) return { rows, total: 0 };
  const [counted] = await db.select({ value: count() }).from(papers).where(matches);
  return { rows, total: counted?.value ?? 0 };
}
