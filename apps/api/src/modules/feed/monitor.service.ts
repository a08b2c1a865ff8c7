import type { TMonitorResponse, TMonitorTopic } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { presentPaper } from '../papers/paper.presenter';
import { updateLastSeen } from '../topics/topics.repo';
import { countNewTopicPapers, type FollowedTopicRow, selectFollowedTopics, selectTopicPapers } from './monitor.repo';

async function describeTopic(db: Db, topic: FollowedTopicRow): Promise<TMonitorTopic> {
  const [rows, newCount] = await Promise.all([selectTopicPapers(db, topic), countNewTopicPapers(db, topic)]);
  return {
    topic: topic.topic,
    new_count: newCount,
    last_seen_at: topic.lastSeenAt.toISOString(),
    papers: rows.map((row) => ({ ...presentPaper(row), is_new: row.isNew })),
  };
}

/** GET /api/monitor: each followed topic with its new-paper count and its new and latest papers. */
export async function getMonitor(db: Db, userId: number): Promise<TMonitorResponse> {
  const checkedAt = new Date().toISOString();
  const followed = await selectFollowedTopics(db, userId);
  return { topics: await Promise.all(followed.map((topic) => describeTopic(db, topic))), checked_at: checkedAt };
}

/** POST /api/monitor/seen: ok is false when the caller does not follow the topic. */
export function markTopicSeen(db: Db, userId: number, topic: string, seenAt: string | undefined): Promise<boolean> {
  return updateLastSeen(db, userId, topic, seenAt ? new Date(seenAt) : null);
}
