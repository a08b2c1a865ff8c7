import { paperRefKey } from '@paperbench/contract';
import type { Db } from '../../../db/client';
import { topicReason } from '../../topics/topic-match';
import { countNewPapers, type DigestPaperRow, selectNewTopicPapers } from './digest-papers.repo';

/** Papers listed per topic in one mail; the rest are counted and linked to the feed. */
export const PAPERS_PER_TOPIC = 10;

export interface DigestPaperGroup {
  topic: string;
  reason: string;
  papers: DigestPaperRow[];
  more: number;
}

/**
 * A digest's content: per topic (in the order given) the papers new since `since` (up to `until`) it
 * matches, newest first, each paper under the first topic that selected it; `total` counts distinct
 * papers over all topics.
 */
export async function findDigestPapers(
  db: Db,
  topics: readonly string[],
  since: Date,
  until: Date,
): Promise<{ groups: DigestPaperGroup[]; total: number }> {
  if (topics.length === 0) return { groups: [], total: 0 };
  const window = { since, until };
  const total = await countNewPapers(db, topics, window);
  if (total === 0) return { groups: [], total };

  const listed = new Set<string>();
  const groups: DigestPaperGroup[] = [];
  for (const topic of topics) {
    const { rows, matches } = await selectNewTopicPapers(db, topic, window, PAPERS_PER_TOPIC + listed.size);
    const fresh = rows.filter((row) => !listed.has(paperRefKey({ platform: row.platform, paper_id: row.paperId })));
    const shown = fresh.slice(0, PAPERS_PER_TOPIC);
    if (shown.length === 0) continue;
    for (const row of shown) listed.add(paperRefKey({ platform: row.platform, paper_id: row.paperId }));
    const alreadyListed = rows.length - fresh.length;
    groups.push({
      topic,
      reason: topicReason(topic),
      papers: shown,
      more: Math.max(0, matches - alreadyListed - shown.length),
    });
  }
  return { groups, total };
}
