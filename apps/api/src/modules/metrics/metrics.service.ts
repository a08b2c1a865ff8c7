import type { TPageViewBeacon, TSiteMetric } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { resolveSession, type SessionPolicy } from '../identity/identity.service';
import { insertPageView, sumAllViews, viewsPerDaySince } from './metrics.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
const TREND_DAYS = 5;

/** The last `count` UTC calendar days ending today, oldest first, as YYYY-MM-DD. */
export function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    new Date(now.getTime() - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * Records one beacon. The beacon cannot carry headers, so the sender's id comes in `uid`; it is
 * resolved to a user by the same rule as X-User-ID (issued, not revoked, not idle past the limit) and
 * otherwise counted as anonymous (never stored as sent).
 */
export async function recordPageView(db: Db, beacon: TPageViewBeacon, sessions: SessionPolicy): Promise<void> {
  const userId = beacon.uid === 'anon' ? null : ((await resolveSession(db, beacon.uid, sessions))?.userId ?? null);
  await insertPageView(db, {
    event: beacon.event,
    path: beacon.path,
    title: beacon.title,
    clientTs: new Date(beacon.ts),
    userId,
  });
}

export async function getSiteMetric(db: Db, now = new Date()): Promise<TSiteMetric> {
  const days = lastDays(now, TREND_DAYS);
  const [total, perDay] = await Promise.all([sumAllViews(db), viewsPerDaySince(db, days[0] as string)]);
  return { total, last5: days.map((day) => perDay.get(day) ?? 0) };
}
