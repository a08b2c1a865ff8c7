import { paperRefKey, type TCitedPassage } from '@paperbench/contract';
import type { AppContext } from '../../../app-context';
import { retrievePassages } from '../../chat/retrieve-passages';
import type { WritingPaperRow } from './review-writing.repo';

/** Passages of the target paper the closing paragraph reads at most. */
export const TARGET_PASSAGES = 4;

const refOf = (paper: WritingPaperRow) => ({ platform: paper.platform, paper_id: paper.paperId });

/**
 * The numbered passages a section is written from (docs/review.md#writing): the papers' passages ranked
 * against the section's focus by chat's retrieval (BM25 with IDF from these papers, cosine when
 * embeddings exist, MMR with at most 3 per paper), then, for each paper that got none (no full text
 * yet, or past retrieval's cap of 10), its abstract as one passage on page 1. Numbered from 1 in that
 * order. No abstention: the user put these papers together, so they are on topic by choice.
 */
export async function sectionEvidence(
  context: Pick<AppContext, 'db' | 'ai'>,
  papers: readonly WritingPaperRow[],
  focus: string,
  abortSignal: AbortSignal,
  { limit }: { limit?: number } = {},
): Promise<TCitedPassage[]> {
  const retrieved = (await retrievePassages(context, papers.map(refOf), focus, abortSignal)).passages.slice(0, limit);
  const covered = new Set(retrieved.map(paperRefKey));
  const abstracts = papers.flatMap((paper): Omit<TCitedPassage, 'n'>[] => {
    const abstract = paper.abstract?.trim();
    if (!abstract || covered.has(paperRefKey(refOf(paper)))) return [];
    return [{ platform: paper.platform, paper_id: paper.paperId, page: 1, text: abstract }];
  });
  return [...retrieved, ...abstracts].slice(0, limit).map((passage, index) => ({ ...passage, n: index + 1 }));
}
