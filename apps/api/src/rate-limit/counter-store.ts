import { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { deleteExpiredCounters, upsertCounterHit } from './rate-limit-counters.repo';

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
    hit: (key, windowMs) => upsertCounterHit(db, key, windowMs),
    sweep: () => deleteExpiredCounters(db),
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
