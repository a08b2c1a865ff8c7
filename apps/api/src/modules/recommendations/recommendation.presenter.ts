import type { TRecommendation, TSimilarPaper } from '@paperbench/contract';
import type { PaperRow } from '../../db/columns/paper-columns';
import { presentPaper } from '../papers/paper.presenter';

/** At most this many kept papers are named per recommendation. */
const MAX_SIMILAR = 3;
/** A kept paper is named beside the closest one only when it is at least this close relative to it. */
const SIMILAR_SHARE_OF_BEST = 0.5;
const MAX_SHARED_TERMS = 4;

export interface Closeness {
  paper: TSimilarPaper;
  similarity: number;
}

/**
 * The kept papers nearly as close as the closest one (`closeCount` of them), and the first few of
 * those to name.
 */
export function pickSimilar(closeness: readonly Closeness[]): { similar: TSimilarPaper[]; closeCount: number } {
  const sorted = closeness.filter((c) => c.similarity > 0).sort((a, b) => b.similarity - a.similarity);
  const best = sorted[0]?.similarity ?? 0;
  const close = sorted.filter((c) => c.similarity >= best * SIMILAR_SHARE_OF_BEST);
  return { similar: close.slice(0, MAX_SIMILAR).map((c) => c.paper), closeCount: close.length };
}

/** 'a', 'a and b', 'a, b and c'. */
const listOf = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** 'Close to “Attention is all you need” and 2 more of your papers: shares transformer, attention'. */
export function describeReason(similar: readonly TSimilarPaper[], totalClose: number, terms: readonly string[]) {
  const shares = terms.length > 0 ? `shares ${listOf(terms.slice(0, 3))}` : '';
  const [first] = similar;
  if (!first) return shares ? `Like your papers: ${shares}` : 'Like your papers';
  const more = totalClose - 1;
  const others = more > 0 ? ` and ${more} more of your papers` : '';
  return `Close to “${first.title}”${others}${shares ? `: ${shares}` : ''}`;
}

export interface Explained {
  row: PaperRow;
  score: number;
  similar: TSimilarPaper[];
  /** Kept papers nearly as close as the closest (for "and N more"). */
  closeCount: number;
  sharedTerms: string[];
}

/** Row + explanation → the wire shape. */
export function presentRecommendation({ row, score, similar, closeCount, sharedTerms }: Explained): TRecommendation {
  const terms = sharedTerms.slice(0, MAX_SHARED_TERMS);
  return {
    ...presentPaper(row),
    score: Math.round(score * 10_000) / 10_000,
    reason: describeReason(similar, Math.max(closeCount, similar.length), terms),
    similar_to: similar,
    shared_terms: terms,
  };
}
