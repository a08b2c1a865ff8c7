import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';

/** Rows deleted per statement: short statements, well inside DB_STATEMENT_TIMEOUT_MS, never one huge lock. */
const BATCH = 5000;

const affected = (result: unknown) =>
  Number(
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );

async function deleteInBatches(deleteBatch: () => Promise<number>, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for (;;) {
    if (signal?.aborted) return total;
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

const oldPageViews = (db: Db, days: number) => async () =>
  affected(
    await db.execute(sql`
      delete from page_views where id in (
        select id from page_views where received_at < now() - make_interval(days => ${days}) limit ${BATCH})`),
  );

const oldSearchQueries = (db: Db, days: number) => async () =>
  affected(
    await db.execute(sql`
      delete from search_queries where query in (
        select query from search_queries where last_searched_at < now() - make_interval(days => ${days}) limit ${BATCH})`),
  );

/**
 * docs/security.md#rate-limits-and-quotas: what is kept about visitors is kept for a bounded time. Page views older than
 * PAGE_VIEW_RETENTION_DAYS and search queries not searched for SEARCH_QUERY_RETENTION_DAYS are
 * deleted (the per-day view counts of the site metric stay: they name no one); expired rate-limit
 * windows are swept from the counter store.
 */
export async function purgeExpiredRows(
  { db, config, counters }: Pick<AppContext, 'db' | 'config' | 'counters'>,
  signal?: AbortSignal,
) {
  const pageViews = await deleteInBatches(oldPageViews(db, config.PAGE_VIEW_RETENTION_DAYS), signal);
  const searchQueries = await deleteInBatches(oldSearchQueries(db, config.SEARCH_QUERY_RETENTION_DAYS), signal);
  const rateLimitCounters = await counters.sweep();
  return { pageViews, searchQueries, rateLimitCounters };
}
