import { paperRefKey } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { selectPaperRows } from '../recommendations/recommendations.repo';
import type { TermStats } from '../recommendations/term-stats';
import { phraseIdeaToDraft } from './extractive-ideas';
import type { IdeaDraft } from './idea-drafts';
import type { PreparedGeneration } from './ideas.service';
import { discoverPhraseIdeas, type TopicDoc } from './phrase-discovery';

/** A word in more than this share of the corpus (and 50 papers) is common ("time", "results"): its rarity is 0. */
const COMMON_SHARE = 0.02;
const MIN_COMMON_DF = 50;

/** A stem's log inverse document frequency in the corpus, 0 for common words; unknown stems are rare. */
const rarityIn = (stats: TermStats) => (stem: string) => {
  const df = stats.frequencies.get(stem) ?? 1;
  if (df > Math.max(MIN_COMMON_DF, stats.documents * COMMON_SHARE)) return 0;
  return Math.log(1 + stats.documents / df);
};

/**
 * docs/ideas.md#offline-literature-based-discovery: the drafts without a model, from the basis papers (the topic's best search
 * hits and the selected papers) and the topic's other papers, its neighbourhood.
 */
export async function extractiveDrafts(db: Db, prepared: PreparedGeneration): Promise<IdeaDraft[]> {
  const inBasis = new Set(prepared.basis.map(paperRefKey));
  const neighbourRefs = prepared.topicPapers.filter((ref) => !inBasis.has(paperRefKey(ref)));
  const rows = new Map(
    (await selectPaperRows(db, [...prepared.basis, ...neighbourRefs])).map((row) => [
      paperRefKey({ platform: row.platform ?? '', paper_id: row.paperId ?? '' }),
      row,
    ]),
  );
  const titles = new Map([...rows].map(([key, row]) => [key, row.title ?? '']));
  const basis: TopicDoc[] = prepared.basis.map((paper) => ({
    ref: paper,
    title: paper.title,
    text: `${paper.title}.\n${paper.text}`,
  }));
  // In the topic's order, so the evidence papers are its best ones.
  const neighbours: TopicDoc[] = neighbourRefs.flatMap((ref) => {
    const row = rows.get(paperRefKey(ref));
    return row ? [{ ref, title: row.title ?? '', text: `${row.title ?? ''}.\n${row.abstract ?? ''}` }] : [];
  });
  const ideas = discoverPhraseIdeas(prepared.topic, basis, neighbours, {
    count: prepared.count,
    rarity: rarityIn(prepared.stats),
  });
  return ideas.map((idea) => phraseIdeaToDraft(idea, { titles, basis: prepared.basis, neighbours: neighbours.length }));
}
