import { paperRefKey } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { loadProfiles } from '../recommendations/paper-vectors';
import { selectPaperRows } from '../recommendations/recommendations.repo';
import type { TermStats } from '../recommendations/term-stats';
import { isSelectiveTerm, surfaceWords, textVector } from './corpus-vectors';
import { linkToDraft } from './extractive-ideas';
import type { IdeaDraft } from './idea-drafts';
import type { PreparedGeneration } from './ideas.service';
import { selectCooccurringPairs, selectPapersWithTerm } from './ideas-corpus.repo';
import { discoverLinks, type LbdDoc, type LbdSource } from './literature-discovery';

/** Papers per literature fetched for the ABC discovery. */
const LITERATURE_SIZE = 80;

/** The corpus as the ABC discovery reads it (ideas-corpus.repo.ts), vectors from the recommender. */
function corpusSource(db: Db, stats: TermStats): LbdSource {
  return {
    async papersWith(term, without) {
      const refs = await selectPapersWithTerm(db, term, { without, limit: LITERATURE_SIZE });
      const profiles = await loadProfiles(db, refs, stats);
      return refs.flatMap((ref): LbdDoc[] => {
        const vector = profiles.get(paperRefKey(ref))?.vector;
        return vector ? [{ ref, vector }] : [];
      });
    },
    cooccurring: (pairs) => selectCooccurringPairs(db, pairs),
    isSelective: (term) => isSelectiveTerm(term, stats),
  };
}

/** docs/ideas.md#offline-literature-based-discovery: the drafts without a model. */
export async function extractiveDrafts(db: Db, prepared: PreparedGeneration): Promise<IdeaDraft[]> {
  const { stats, basis } = prepared;
  const topicTerms = new Set((await textVector(db, stats, prepared.topic, '')).keys());
  const links = await discoverLinks(
    corpusSource(db, stats),
    basis.map((paper) => ({ ref: paper, vector: paper.vector })),
    { topicTerms, count: prepared.count },
  );
  const evidenceRefs = [
    ...new Map(
      links.flatMap((link) => [...link.abPapers, ...link.bcPapers]).map((ref) => [paperRefKey(ref), ref]),
    ).values(),
  ];
  const [words, rows] = await Promise.all([surfaceWords(db, evidenceRefs), selectPaperRows(db, evidenceRefs)]);
  const titles = new Map(
    rows.map((row) => [paperRefKey({ platform: row.platform ?? '', paper_id: row.paperId ?? '' }), row.title ?? '']),
  );
  return links.map((link) => linkToDraft(link, { words, titles, basis, searched: stats.documents }));
}
