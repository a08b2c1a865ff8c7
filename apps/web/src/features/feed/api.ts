import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';

/**
 * The Paper Monitor and the Daily Feed: query keys, queries and the mark-seen mutation. Both depend
 * on the followed topics, so a follow or unfollow invalidates `feedKeys.all` (features/topics/api.ts).
 */
export const feedKeys = {
  all: ['feed'] as const,
  monitor: () => [...feedKeys.all, 'monitor'] as const,
  daily: (day: string | null) => [...feedKeys.all, 'daily', { day }] as const,
};

export const monitorQuery = () =>
  queryOptions({
    queryKey: feedKeys.monitor(),
    queryFn: async () => expectStatus(await apiClient.feed.monitor(), 200).body,
    staleTime: 0,
  });

/** GET /api/monitor, read afresh on every visit (what is new depends on when it was last seen). */
export function useMonitorQuery() {
  return useQuery({ ...monitorQuery(), refetchOnMount: 'always' });
}

/**
 * POST /api/monitor/seen: a topic's papers up to `seenAt` stop being new. Nothing is invalidated:
 * the visit keeps showing what it saw, and the next visit reads afresh. A failure is only logged
 * (by the query client): the badge just stays.
 */
export function useMarkTopicSeenMutation() {
  return useMutation({
    mutationFn: async ({ topic, seenAt }: { topic: string; seenAt: string }) =>
      expectStatus(await apiClient.feed.markSeen({ body: { topic, seen_at: seenAt } }), 200).body,
  });
}

/** `day` null: the latest day with papers. */
export const dailyFeedQuery = (day: string | null) =>
  queryOptions({
    queryKey: feedKeys.daily(day),
    queryFn: async () => expectStatus(await apiClient.feed.daily({ query: day ? { day } : {} }), 200).body,
    staleTime: 60_000,
  });

/** GET /api/feed/daily for one announcement day. */
export function useDailyFeedQuery(day: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...dailyFeedQuery(day),
    enabled,
    // The day shown stays while the next one loads, so the navigation does not jump.
    placeholderData: keepPreviousData,
  });
}
