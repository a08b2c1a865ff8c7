import { MONITOR_PAPERS_PER_TOPIC } from '@paperbench/contract';
import { and, asc, count, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PaperRow, paperColumns } from '../../db/columns/paper-columns';
import { papers, topics } from '../../db/schema';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';
import { topicMatch } from '../topics/topic-match';

export interface FollowedTopicRow {
  id: number;
  topic: string;
  lastSeenAt: Date;
  /**
   * last_seen_at as PostgreSQL prints it, at full microsecond precision (a JS Date keeps milliseconds:
   * a paper added in the same millisecond must still be new), sent back as a value the planner sees.
   */
  lastSeenText: string;
}

export type MonitorPaperRow = PaperRow & { isNew: boolean };

/** The caller's topics in the order they were followed, with their row ids. */
export function selectFollowedTopics(db: Db, userId: number): Promise<FollowedTopicRow[]> {
  return db
    .select({
      id: topics.id,
      topic: topics.topic,
      lastSeenAt: topics.lastSeenAt,
      lastSeenText: sql<string>`${topics.lastSeenAt}::text`,
    })
    .from(topics)
    .where(eq(topics.userId, userId))
    .orderBy(asc(topics.createdAt), asc(topics.id));
}

/**
 * When the topic was last seen, as a value rather than a subquery: the planner then knows how few
 * papers are newer and reads them by papers_created_at_idx. Behind a subquery it assumed a third of the
 * table and read every match of the topic instead (0.6 s for `quantum entanglement`, 8.9 s for `cs.LG`
 * at 2.6M papers, docs/benchmarks.md#search-at-scale).
 */
const lastSeenOf = (topic: FollowedTopicRow) => sql`${topic.lastSeenText}::timestamptz`;

const matching = (topic: FollowedTopicRow) => and(topicMatch(topic.topic), ne(papers.platform, UPLOAD_PLATFORM));

/**
 * How many papers the topic matches that were added to the corpus after it was last seen. Few papers
 * are new at any corpus size (a day's harvest), so this reads them through papers_created_at_idx and
 * tests each against the topic, instead of reading every match of a common topic (docs/search.md#monitor).
 * Uploads are private: never matched.
 */
export async function countNewTopicPapers(db: Db, topic: FollowedTopicRow): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(papers)
    .where(and(matching(topic), gt(papers.createdAt, lastSeenOf(topic))));
  return row?.value ?? 0;
}

/**
 * The papers one topic shows: the new ones first, then the latest published, MONITOR_PAPERS_PER_TOPIC
 * in all. Two bounded reads rather than one sort of every match: the new ones by the created_at index,
 * the latest by papers_recent_idx, whose order this is, stopping at the page (as a search by date does).
 */
export async function selectTopicPapers(db: Db, topic: FollowedTopicRow): Promise<MonitorPaperRow[]> {
  const newestFirst = [sql`${papers.publishedDate} desc nulls last`, desc(papers.platform), desc(papers.paperId)];
  const fresh = await db
    .select(paperColumns)
    .from(papers)
    .where(and(matching(topic), gt(papers.createdAt, lastSeenOf(topic))))
    .orderBy(...newestFirst)
    .limit(MONITOR_PAPERS_PER_TOPIC);
  const older =
    fresh.length < MONITOR_PAPERS_PER_TOPIC
      ? await db
          .select(paperColumns)
          .from(papers)
          .where(and(matching(topic), lte(papers.createdAt, lastSeenOf(topic))))
          .orderBy(...newestFirst)
          .limit(MONITOR_PAPERS_PER_TOPIC - fresh.length)
      : [];
  return [...fresh.map((row) => ({ ...row, isNew: true })), ...older.map((row) => ({ ...row, isNew: false }))];
}
