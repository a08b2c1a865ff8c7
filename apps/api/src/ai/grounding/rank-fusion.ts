/** The constant of Cormack et al. (2009): damps the head of each ranking so that no single list dominates. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each ranking (best first) gives an item 1 / (k + rank); the scores add up.
 * It needs no calibration between BM25 scores and cosine similarities, which live on unrelated scales.
 */
export function reciprocalRankFusion<T>(rankings: readonly (readonly T[])[], k = RRF_K): Map<T, number> {
  const scores = new Map<T, number>();
  for (const ranking of rankings) {
    ranking.forEach((item, index) => {
      scores.set(item, (scores.get(item) ?? 0) + 1 / (k + index + 1));
    });
  }
  return scores;
}
