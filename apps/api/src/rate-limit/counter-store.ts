import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';

/** One fixed-window count: hits so far in the window (this one included) and time left in it. */
export interface WindowCount {
  current: number;
  ttlMs: number;
}

/**
 * Fixed-window counters shared by every replica (docs/security.md#rate-limits-and-quotas): the request budgets, the mail
 * limits per recipient and the global mail budget all count here, so two processes count together.
 */
export interface CounterStore {
  /** Counts one hit on `key`; a window that has passed starts again at 1. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Deletes windows that have passed (the daily retention job); returns how many. */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

/** Counters in rate_limit_counters: one atomic upsert per hit, so concurrent hits never lose a count. */
export function createPgCounterStore(db: Db): CounterStore {
  return {
    async hit(key, windowMs) {
      const result = await db.execute<{ hits: number; ttl_ms: number }>(sql`
        insert into rate_limit_counters as c (key, hits, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          hits = case when c.reset_at <= now() then 1 else least(c.hits + 1, 2000000000) end,
          reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
        returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl_ms`);
      const row = (result as unknown as { rows: { hits: number; ttl_ms: number }[] }).rows[0];
      if (!row) throw new Error('rate-limit counter upsert returned no row');
      return { current: Number(row.hits), ttlMs: Number(row.ttl_ms) };
    },
    async sweep() {
      const deleted = await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.resetAt, sql`now()`))
        .returning({ key: rateLimitCounters.key });
      return deleted.length;
    },
    close: async () => undefined,
  };
}

/** INCR and, on a new key, PEXPIRE in one script: atomic across replicas, no window without expiry. */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** Counters in Redis (REDIS_URL): keys expire by themselves, so there is nothing to sweep. */
export function createRedisCounterStore(url: string, prefix: string): CounterStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // A dropped connection is retried by ioredis; without a listener the error event would crash the process.
  redis.on('error', () => undefined);
  return {
    async hit(key, windowMs) {
      const [current, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { current: Number(current), ttlMs: Number(ttl) };
    },
    sweep: async () => 0,
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
