import { and, desc, gt, gte, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchQueries } from '../../db/schema';
import { escapeLike } from '../../db/sql/like-pattern';

/**
 * A query is suggested to others only once it has been searched this often: one search could be
 * one person's private business (a name, a draft title), and one search is not popularity.
 */
export const MIN_POPULAR_COUNT = 2;
/** Longer queries are not kept: they are pasted text, not something others would type. */
export const MAX_RECORDED_LENGTH = 200;

/** Counts one more search of a (normalised) query and remembers how many papers it found. */
export async function recordQuery(db: Db, query: string, total: number): Promise<void> {
  await db
    .insert(searchQueries)
    .values({ query, count: 1, lastTotal: total })
    .onConflictDoUpdate({
      target: searchQueries.query,
      set: { count: sql`${searchQueries.count} + 1`, lastTotal: total, lastSearchedAt: sql`now()` },
    });
}

/** The most searched queries that found something, starting with `prefix` (normalised) when given. */
export async function findPopularQueries(db: Db, prefix: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ query: searchQueries.query })
    .from(searchQueries)
    .where(
      and(
        gte(searchQueries.count, MIN_POPULAR_COUNT),
        gt(searchQueries.lastTotal, 0),
        prefix ? like(searchQueries.query, `${escapeLike(prefix)}%`) : undefined,
      ),
    )
    .orderBy(desc(searchQueries.count), desc(searchQueries.lastSearchedAt), searchQueries.query)
    .limit(limit);
  return rows.map((row) => row.query);
}
