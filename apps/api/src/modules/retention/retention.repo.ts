import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affectedRowCount } from '../../db/execute-result';

/** Deletes at most `limit` page views older than `days`; returns how many. */
export async function deleteOldPageViews(db: Db, days: number, limit: number): Promise<number> {
  return affectedRowCount(
    await db.execute(sql`
      delete from page_views where id in (
        select id from page_views where received_at < now() - make_interval(days => ${days}) limit ${limit})`),
  );
}

/** Deletes at most `limit` search queries not searched for in `days`; returns how many. */
export async function deleteOldSearchQueries(db: Db, days: number, limit: number): Promise<number> {
  return affectedRowCount(
    await db.execute(sql`
      delete from search_queries where query in (
        select query from search_queries where last_searched_at < now() - make_interval(days => ${days}) limit ${limit})`),
  );
}
