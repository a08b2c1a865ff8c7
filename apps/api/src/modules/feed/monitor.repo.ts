import { MONITOR_PAPERS_PER_TOPIC } from '@paperbench/contract';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
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

export type MonitorPaperRow = PaperRow & { isNew: boolean; newCount: number };

/** The caller's topics in the order they were followed, with their row ids. */
export function selectFollowedTopics(db: Db, userId: number): Promise<FollowedTopicRow[]> {
  return db
    .select({ id: topics.id, topic: topics.topic, lastSeenAt: topics.lastSeenAt })
    .from(topics)
    .where(eq(topics.userId, userId))
    .orderBy(asc(topics.createdAt), asc(topics.id));
}

/**
 * The papers one topic matches: new ones (added to the corpus after the topic was last seen) first,
 * then the latest published. last_seen_at is read in SQL, at full microsecond precision, not
 * round-tripped through a JS Date. The window count runs over every match before the limit, so
 * new_count counts them all in the same scan that picks the page. Uploads are private: never matched.
 */
export function selectTopicPapers(db: Db, topic: FollowedTopicRow): Promise<MonitorPaperRow[]> {
  const lastSeen = sql`(select ${topics.lastSeenAt} from ${topics} where ${topics.id} = ${topic.id})`;
  const isNew = sql<boolean>`${papers.createdAt} > ${lastSeen}`;
  return db
    .select({
      ...paperColumns,
      isNew: isNew.as('is_new'),
      newCount: sql<number>`(count(*) filter (where ${isNew}) over ())::int`.as('new_count'),
    })
    .from(papers)
    .where(and(topicMatch(topic.topic), ne(papers.platform, UPLOAD_PLATFORM)))
    .orderBy(desc(sql`is_new`), sql`${papers.publishedDate} desc nulls last`, desc(papers.paperId))
    .limit(MONITOR_PAPERS_PER_TOPIC);
}
