import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { topics, users } from '../../db/schema';

export interface TopicRow {
  topic: string;
  lastSeenAt: Date;
}

/** The caller's row for a topic, whatever its spelling (the unique index is on lower(topic) too). */
const ownTopic = (userId: number, topic: string): SQL =>
  and(eq(topics.userId, userId), sql`lower(${topics.topic}) = lower(${topic})`) as SQL;

/** The caller's topics in the order they were followed. */
export function selectTopics(db: Db, userId: number): Promise<TopicRow[]> {
  return db
    .select({ topic: topics.topic, lastSeenAt: topics.lastSeenAt })
    .from(topics)
    .where(eq(topics.userId, userId))
    .orderBy(asc(topics.createdAt), asc(topics.id));
}

/** Serialises a user's topic writes, so two concurrent follows cannot both pass the cap check. */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function isFollowing(db: Db, userId: number, topic: string): Promise<boolean> {
  const [row] = await db.select({ id: topics.id }).from(topics).where(ownTopic(userId, topic)).limit(1);
  return row !== undefined;
}

export async function countTopics(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(topics).where(eq(topics.userId, userId));
  return row?.n ?? 0;
}

/** Follows a topic; a spelling that differs only in case is a conflict and keeps the first one. */
export async function insertTopic(db: Db, userId: number, topic: string): Promise<void> {
  await db.insert(topics).values({ userId, topic }).onConflictDoNothing();
}

/** True when a row was deleted. */
export async function deleteTopic(db: Db, userId: number, topic: string): Promise<boolean> {
  const deleted = await db.delete(topics).where(ownTopic(userId, topic)).returning({ id: topics.id });
  return deleted.length > 0;
}

/**
 * Moves last_seen_at forward to `seenAt` (capped at now, never backwards); true when the caller
 * follows the topic.
 */
export async function updateLastSeen(db: Db, userId: number, topic: string, seenAt: Date | null): Promise<boolean> {
  const seen = seenAt ? sql`least(${seenAt.toISOString()}::timestamptz, now())` : sql`now()`;
  const updated = await db
    .update(topics)
    .set({ lastSeenAt: sql`greatest(${topics.lastSeenAt}, ${seen})` })
    .where(ownTopic(userId, topic))
    .returning({ id: topics.id });
  return updated.length > 0;
}
