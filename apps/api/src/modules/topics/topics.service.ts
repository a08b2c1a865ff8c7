import { MAX_TOPICS } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { countTopics, deleteTopic, insertTopic, isFollowing, lockUser, selectTopics } from './topics.repo';

/** requirements §7 GET /api/topics: the followed topics, oldest first. */
export async function listTopics(db: Db, userId: number): Promise<string[]> {
  return (await selectTopics(db, userId)).map((row) => row.topic);
}

/**
 * requirements §7 POST /api/topics. The contract has trimmed and length-checked the topic. Following a topic
 * again, in any case, is harmless and keeps the first spelling; a new topic beyond MAX_TOPICS is 409.
 */
export async function followTopic(db: Db, userId: number, topic: string): Promise<string[]> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (await isFollowing(tx, userId, topic)) return;
    if ((await countTopics(tx, userId)) >= MAX_TOPICS) {
      throw new AppError(
        'CONFLICT',
        `You already follow ${MAX_TOPICS} topics, the most allowed: unfollow one before following “${topic}”`,
      );
    }
    await insertTopic(tx, userId, topic);
  });
  return listTopics(db, userId);
}

/** requirements §7 DELETE /api/topics/{topic}: ok is false when the caller did not follow it. */
export function unfollowTopic(db: Db, userId: number, topic: string): Promise<boolean> {
  return deleteTopic(db, userId, topic);
}
