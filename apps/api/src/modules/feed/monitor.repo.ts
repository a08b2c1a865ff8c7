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
 * How many of the newest public papers the monitor tests against a topic before it reads every match
 * instead. The walk stops at the fifth match, so a topic in one paper in 1,000 costs a few
 * milliseconds; a topic with no match among them pays the whole walk (22 ms warm at 2.6M papers)
 * before the full-text index finds its few matches (1.3 ms for `superstring landscape`). At 2,000,
 * `dark matter` (one paper in 200) found only four and read all 12,999 matches as well.
 */
export const RECENT_WALK = 5000;

const newestFirst = [sql`${papers.publishedDate} desc nulls last`, desc(papers.platform), desc(papers.paperId)];

/**
 * The latest `limit` matches added before the topic was last seen (docs/search.md#monitor): first
 * among the RECENT_WALK newest public papers, read along papers_recent_idx (the subquery's LIMIT keeps
 * the planner from testing the whole table in that order; it stands in for the table, so the topic's
 * condition reads its columns); when they hold fewer, every match is read through the full-text index
 * and sorted. The planner cannot choose between the two, as it cannot tell how many papers share a
 * topic's words (dark matter: 273 planned, 12,999 found), and either plan alone is slow for some
 * topics: the walk for a topic with no recent match, the sort for a common one (24,148 matches of
 * reinforcement learning: 73 ms warm, against 0.7 ms for the walk).
 */
async function selectLatestTopicPapers(db: Db, topic: FollowedTopicRow, limit: number): Promise<PaperRow[]> {
  const before = and(ne(papers.platform, UPLOAD_PLATFORM), lte(papers.createdAt, lastSeenOf(topic)));
  const recent = db
    .select()
    .from(papers)
    .where(before)
    .orderBy(...newestFirst)
    .limit(RECENT_WALK)
    .as('papers');
  const recentColumns = Object.fromEntries(
    Object.keys(paperColumns).map((key) => [key, recent[key as keyof typeof paperColumns]]),
  ) as unknown as typeof paperColumns;
  const walked = await db
    .select(recentColumns)
    .from(recent)
    .where(topicMatch(topic.topic))
    .orderBy(...newestFirst)
    .limit(limit);
  if (walked.length === limit) return walked;
  return db
    .select(paperColumns)
    .from(papers)
    .where(and(matching(topic), lte(papers.createdAt, lastSeenOf(topic))))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * The papers one topic shows: the new ones first, then the latest published, MONITOR_PAPERS_PER_TOPIC
 * in all. Bounded reads rather than one sort of every match: the new ones by the created_at index,
 * the latest as selectLatestTopicPapers finds them.
 */
export async function selectTopicPapers(db: Db, topic: FollowedTopicRow): Promise<MonitorPaperRow[]> {
  const fresh = await db
    .select(paperColumns)
    .from(papers)
    .where(and(matching(topic), gt(papers.createdAt, lastSeenOf(topic))))
    .orderBy(...newestFirst)
    .limit(MONITOR_PAPERS_PER_TOPIC);
  const older =
    fresh.length < MONITOR_PAPERS_PER_TOPIC
      ? await selectLatestTopicPapers(db, topic, MONITOR_PAPERS_PER_TOPIC - fresh.length)
      : [];
  return [...fresh.map((row) => ({ ...row, isNew: true })), ...older.map((row) => ({ ...row, isNew: false }))];
}
