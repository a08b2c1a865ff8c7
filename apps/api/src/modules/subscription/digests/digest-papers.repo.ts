import { and, count, desc, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { papers } from '../../../db/schema';
import { topicMatch } from '../../topics/topic-match';

export interface DigestPaperRow {
  platform: string;
  paperId: string;
  title: string;
  authors: string[];
  abstract: string | null;
  publishedDate: string | null;
}

/** The window of one digest: papers added to the corpus, or published, after `since` and up to `until`. */
export interface DigestWindow {
  since: Date;
  until: Date;
}

function newInWindow({ since, until }: DigestWindow): SQL {
  return or(
    and(gt(papers.createdAt, since), lte(papers.createdAt, until)),
    and(
      gt(papers.publishedDate, sql`(${since.toISOString()}::timestamptz at time zone 'UTC')::date`),
      lte(papers.publishedDate, sql`(${until.toISOString()}::timestamptz at time zone 'UTC')::date`),
    ),
  ) as SQL;
}

/** Distinct papers new in the window that any of `topics` (at least one) matches. */
export async function countNewPapers(db: Db, topics: readonly string[], window: DigestWindow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(papers)
    .where(and(newInWindow(window), or(...topics.map(topicMatch))));
  return row?.n ?? 0;
}

/** The first `limit` papers new in the window that `topic` matches, newest first, and how many match in all. */
export async function selectNewTopicPapers(
  db: Db,
  topic: string,
  window: DigestWindow,
  limit: number,
): Promise<{ rows: DigestPaperRow[]; matches: number }> {
  const rows = await db
    .select({
      platform: papers.platform,
      paperId: papers.paperId,
      title: papers.title,
      authors: papers.authors,
      abstract: papers.abstract,
      publishedDate: papers.publishedDate,
      matches: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(papers)
    .where(and(newInWindow(window), topicMatch(topic)))
    .orderBy(desc(papers.publishedDate), desc(papers.createdAt), papers.paperId)
    .limit(limit);
  return { rows: rows.map(({ matches: _matches, ...paper }) => paper), matches: rows[0]?.matches ?? 0 };
}
