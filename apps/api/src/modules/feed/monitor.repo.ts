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
}

export type MonitorPaperRow = PaperRow & { isNew: boolean };

/** The caller's topics in the order they were followed, with their row ids. */
export function selectFollowedTopics(db: Db, userId: number): Promise<FollowedTopicRow[]> {
  return db
    .select({ id: topics.id, topic: topics.topic, lastSeenAt: topics.lastSeenAt })
    .from(topics)
    .where(eq(topics.userId, userId))
    .orderBy(asc(topics.createdAt), asc(topics.id));
}

/**
 * When the topic was last seen, read in SQL at full microsecond precision, not round-tripped through
 * a JS Date: a paper added in the same millisecond is still new.
 */
const lastSeenOf = (topic: FollowedTopicRow) =>
  sql`(select ${topics.lastSeenAt} from ${topics} where ${topics.id} = ${topic.id})`;

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
