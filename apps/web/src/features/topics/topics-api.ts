import type { TDailyFeedResponse, TMonitorResponse } from '@paperbench/contract';
import { tsr } from '../../api/client';
import { ok } from '../../api/library-api';

// spec §7 topics.
export async function listTopics(): Promise<string[]> {
  const response = ok(await tsr.topics.list.query());
  return response.status === 200 ? response.body.topics : [];
}

/** Follows a topic (again is harmless); returns every followed topic. */
export async function followTopic(topic: string): Promise<string[]> {
  const response = ok(await tsr.topics.add.mutate({ body: { topic } }));
  return response.status === 200 ? response.body.topics : [];
}

/** spec §8: topic deletion returns false on failure instead of throwing (and logs it). */
export async function unfollowTopic(topic: string): Promise<boolean> {
  try {
    // The ts-rest client does not URL-encode path params; topics may hold '/', '?' or '#'.
    const response = ok(await tsr.topics.remove.mutate({ params: { topic: encodeURIComponent(topic) } }));
    return response.status === 200 && response.body.ok;
  } catch (error) {
    console.error('Unfollowing the topic failed:', error);
    return false;
  }
}

// The Paper Monitor and the Daily Feed.
export async function getMonitor(): Promise<TMonitorResponse> {
  const response = ok(await tsr.feed.monitor.query());
  return response.body as TMonitorResponse;
}

/** Marks a topic seen up to the monitor answer's checked_at; failures are logged only (the badge just stays). */
export async function markTopicSeen(topic: string, seenAt: string): Promise<void> {
  try {
    ok(await tsr.feed.markSeen.mutate({ body: { topic, seen_at: seenAt } }));
  } catch (error) {
    console.error('Marking the topic seen failed:', error);
  }
}

export async function getDailyFeed(day: string | null): Promise<TDailyFeedResponse> {
  const response = ok(await tsr.feed.daily.query({ query: day ? { day } : {} }));
  return response.body as TDailyFeedResponse;
}
