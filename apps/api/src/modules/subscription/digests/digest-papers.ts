import { and, count, desc, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { papers } from '../../../db/schema';
import { topicMatch, topicReason } from '../../topics/topic-match';

/** Papers listed per topic in one mail; the rest are counted and linked to the feed. */
export const PAPERS_PER_TOPIC = 10;

export interface DigestPaperRow {
  platform: string;
  paperId: string;
  title: string;
  authors: string[];
  abstract: string | null;
  publishedDate: string | null;
}

export interface DigestPaperGroup {
  topic: string;
  reason: string;
  papers: DigestPaperRow[];
  more: number;
}

/** New in the window: added to the corpus, or published, after `since` and up to `until`. */
function newInWindow(since: Date, until: Date): SQL {
  return or(
    and(gt(papers.createdAt, since), lte(papers.createdAt, until)),
    and(
      gt(papers.publishedDate, sql`(${since.toISOString()}::timestamptz at time zone 'UTC')::date`),
      lte(papers.publishedDate, sql`(${until.toISOString()}::timestamptz at time zone 'UTC')::date`),
    ),
  ) as SQL;
}

/**
 * A digest's content: per topic (in the order given) the new papers it matches, newest first, each
 * paper under the first topic that selected it; `total` counts distinct papers over all topics.
 */
export async function findDigestPapers(
  db: Db,
  topics: readonly string[],
  since: Date,
  until: Date,
): Promise<{ groups: DigestPaperGroup[]; total: number }> {
  if (topics.length === 0) return { groups: [], total: 0 };
  const window = newInWindow(since, until);
  const [totalRow] = await db
    .select({ n: count() })
    .from(papers)
    .where(and(window, or(...topics.map(topicMatch))));
  const total = totalRow?.n ?? 0;
  if (total === 0) return { groups: [], total };

  const listed = new Set<string>();
  const groups: DigestPaperGroup[] = [];
  for (const topic of topics) {
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
      .where(and(window, topicMatch(topic)))
      .orderBy(desc(papers.publishedDate), desc(papers.createdAt), papers.paperId)
      .limit(PAPERS_PER_TOPIC + listed.size);
    const fresh = rows.filter((row) => !listed.has(`${row.platform}/${row.paperId}`));
    const shown = fresh.slice(0, PAPERS_PER_TOPIC);
    if (shown.length === 0) continue;
    for (const row of shown) listed.add(`${row.platform}/${row.paperId}`);
    const alreadyListed = rows.length - fresh.length;
    const matches = rows[0]?.matches ?? 0;
    groups.push({
      topic,
      reason: topicReason(topic),
      papers: shown.map(({ matches: _matches, ...paper }) => paper),
      more: Math.max(0, matches - alreadyListed - shown.length),
    });
  }
  return { groups, total };
}
