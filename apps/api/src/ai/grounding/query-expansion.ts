import { paraphrasesOf } from '../text/paraphrases';
import { bm25, documentFrequencies, inverseDocumentFrequency } from './bm25';

/**
 * Weights of the words an extractive answer looks for (docs/ai.md#offline-mode): the question's own
 * words count fully; their common academic paraphrases (text/paraphrases.ts) and the words that
 * pseudo-relevance feedback learns from the best passages of the selection count less, so that a
 * sentence saying what was asked in the paper's words can win without outranking one that uses the
 * question's own words.
 */
export const LITERAL_WEIGHT = 1;
export const PARAPHRASE_WEIGHT = 0.5;
/** The best-scored feedback word weighs this much; the others in proportion to their score. */
export const FEEDBACK_WEIGHT = 0.3;
/** Feedback reads the top passages by the question's own words (Rocchio-style PRF). */
const FEEDBACK_PASSAGES = 3;
const FEEDBACK_TERMS = 8;

export type TTermWeights = ReadonlyMap<string, number>;

/** The question's stems with their paraphrases, each paraphrase weighted below the literal words. */
export function withParaphrases(
  questionTerms: readonly string[],
  relatedOf: (term: string) => ReadonlySet<string> = paraphrasesOf,
): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of questionTerms) weights.set(term, LITERAL_WEIGHT);
  for (const term of questionTerms) {
    for (const related of relatedOf(term)) {
      if (!weights.has(related)) weights.set(related, PARAPHRASE_WEIGHT);
    }
  }
  return weights;
}

/**
 * Literal words, paraphrases and feedback words: the feedback words are the most informative stems
 * (term frequency × IDF) of the passages the literal words rank highest, words the question did not
 * use but the passages about it share.
 */
export function expandQuestion(
  questionTerms: readonly string[],
  passages: readonly (readonly string[])[],
): TTermWeights {
  const weights = withParaphrases(questionTerms);
  const literal = bm25(questionTerms, passages);
  const top = literal
    .map((score, index) => ({ score, index }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, FEEDBACK_PASSAGES);
  const frequencies = documentFrequencies(passages);
  const scores = new Map<string, number>();
  for (const { index } of top) {
    for (const term of passages[index] ?? []) {
      if (weights.has(term)) continue;
      const idf = inverseDocumentFrequency(frequencies.get(term) ?? 0, passages.length);
      scores.set(term, (scores.get(term) ?? 0) + idf);
    }
  }
  const feedback = [...scores]
    .filter(([term]) => (frequencies.get(term) ?? 0) > 1)
    .sort(([termA, a], [termB, b]) => b - a || termA.localeCompare(termB))
    .slice(0, FEEDBACK_TERMS);
  const best = feedback[0]?.[1] ?? 0;
  for (const [term, score] of feedback) weights.set(term, (FEEDBACK_WEIGHT * score) / best);
  return weights;
}
