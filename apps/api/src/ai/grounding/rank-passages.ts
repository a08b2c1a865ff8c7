import { tokenize } from '../text/normalize';
import { questionTerms } from '../text/question-terms';
import { idfOf, questionCoverage } from './abstention';
import { bm25, documentFrequencies } from './bm25';
import { mmr } from './mmr';
import { withParaphrases } from './query-expansion';
import { reciprocalRankFusion } from './rank-fusion';
import { cosine, termOverlap } from './similarity';

/** ai-notes: 8-10 passages in context, at most about 3 per paper. */
export const CONTEXT_PASSAGES = 10;
export const PASSAGES_PER_PAPER = 3;

/**
 * The per-paper cap for a selection of `papers`: 3 when papers compete for the context (diversity), more
 * when fewer papers cannot fill it, so one selected paper sends up to 10 of its passages, not 3.
 */
export const perPaperLimitFor = (papers: number) =>
  Math.max(PASSAGES_PER_PAPER, Math.ceil(CONTEXT_PASSAGES / Math.max(1, papers)));
/** How many fused candidates MMR chooses from: enough for diversity, few enough to stay cheap. */
const CANDIDATE_POOL = 50;

export type TRankablePassage = {
  /** The paper the passage belongs to (paper id and platform), for the per-paper cap. */
  paperKey: string;
  text: string;
  embedding?: readonly number[] | null;
};

export type TRankedPassage<P> = {
  passage: P;
  /** BM25, or the reciprocal-rank fusion of BM25 and cosine when embeddings exist. */
  score: number;
  /** IDF-weighted share of the question's terms found in the passage (see abstention.ts). */
  coverage: number;
};

export type TRankPassagesInput<P> = {
  question: string;
  passages: readonly P[];
  questionEmbedding?: readonly number[] | null;
  limit?: number;
  perPaperLimit?: number;
  /**
   * Paraphrases of a question term (text/paraphrases.ts), for the chat: they join the BM25 query at
   * PARAPHRASE_WEIGHT and count toward coverage at PARAPHRASE_CREDIT. Without it, the literal words only.
   */
  related?: (term: string) => ReadonlySet<string>;
};

/** Indices ordered by score, best first; equal scores keep the input order (deterministic). */
function rankedIndices(scores: readonly number[], keep: (index: number) => boolean): number[] {
  return scores
    .map((score, index) => ({ score, index }))
    .filter(({ index }) => keep(index))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ index }) => index);
}

/**
 * Retrieval over the selected papers' passages (docs/ai.md#full-text-and-passages): BM25 with IDF from the selection, fused by
 * reciprocal rank with the question's cosine to each passage when embeddings exist, then MMR for
 * diversity with a per-paper cap. The same input always gives the same output, in MMR's order.
 */
export function rankPassages<P extends TRankablePassage>(input: TRankPassagesInput<P>): TRankedPassage<P>[] {
  const { passages, questionEmbedding } = input;
  const terms = questionTerms(input.question);
  const passageTerms = passages.map((passage) => tokenize(passage.text));
  const termSets = passageTerms.map((passageTermList) => new Set(passageTermList));
  const weights = input.related ? withParaphrases(terms, input.related) : undefined;
  const lexical = bm25(weights ? [...weights.keys()] : terms, passageTerms, weights);
  const rankings = [rankedIndices(lexical, (index) => (lexical[index] ?? 0) > 0)];
  if (questionEmbedding) {
    const dense = passages.map((passage) => (passage.embedding ? cosine(questionEmbedding, passage.embedding) : 0));
    rankings.push(rankedIndices(dense, (index) => Boolean(passages[index]?.embedding)));
  }
  const relevance =
    rankings.length > 1
      ? reciprocalRankFusion(rankings)
      : new Map(rankings[0]?.map((index) => [index, lexical[index] ?? 0]));
  const candidates = [...relevance]
    .sort(([indexA, a], [indexB, b]) => b - a || indexA - indexB)
    .slice(0, CANDIDATE_POOL)
    .map(([item, score]) => ({ item, relevance: score }));
  const similarity = (a: number, b: number) => {
    const embeddingA = passages[a]?.embedding;
    const embeddingB = passages[b]?.embedding;
    if (embeddingA && embeddingB) return Math.max(0, cosine(embeddingA, embeddingB));
    return termOverlap(termSets[a] ?? new Set(), termSets[b] ?? new Set());
  };
  const picked = mmr(candidates, {
    limit: input.limit ?? CONTEXT_PASSAGES,
    similarity,
    groupOf: (index) => passages[index]?.paperKey ?? '',
    perGroupLimit: input.perPaperLimit ?? PASSAGES_PER_PAPER,
  });
  const idf = idfOf(documentFrequencies(passageTerms), passages.length);
  return picked.flatMap(({ item, relevance: score }) => {
    const passage = passages[item];
    if (!passage) return [];
    return [{ passage, score, coverage: questionCoverage(terms, termSets[item] ?? new Set(), idf, input.related) }];
  });
}
