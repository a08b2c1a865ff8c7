import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/execute-result';
import { rateLimitCounters } from '../db/schema';

/**
 * Counts one hit on `key` in one atomic upsert, so concurrent hits never lose a count; a window that
 * has passed starts again at 1. Returns the hits so far and the milliseconds left in the window.
 */
export async function upsertCounterHit(db: Db, key: string, windowMs: number) {
  const result = await db.execute(sql`
    insert into rate_limit_counters as c (key, hits, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when c.reset_at <= now() then 1 else least(c.hits + 1, 2000000000) end,
      reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
    returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl_ms`);
  const row = rowsOf<{ hits: number; ttl_ms: number }>(result)[0];
  if (!row) throw new Error('rate-limit counter upsert returned no row');
  return { current: Number(row.hits), ttlMs: Number(row.ttl_ms) };
}

/** Deletes the windows that have passed; returns how many. */
export async function deleteExpiredCounters(db: Db): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.resetAt, sql`now()`))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}
