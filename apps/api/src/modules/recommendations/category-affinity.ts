/**
 * arXiv categories are chosen by the authors: a strong, cheap signal of subject that words alone
 * miss (a superconductivity folder's words also fit ultracold-gas papers). On the offline quality
 * test, blending it in doubles recall@10 (0.15 → 0.33, docs/benchmarks.md).
 */
export const CATEGORY_WEIGHT = 0.2;

/** Category → share of the kept papers listing it (0..1). */
export function categoryShares(keptCategories: readonly (readonly string[])[]): Map<string, number> {
  const shares = new Map<string, number>();
  if (keptCategories.length === 0) return shares;
  for (const categories of keptCategories) {
    for (const category of new Set(categories)) shares.set(category, (shares.get(category) ?? 0) + 1);
  }
  for (const [category, count] of shares) shares.set(category, count / keptCategories.length);
  return shares;
}

/** How much of the kept papers a candidate's best category covers, 0..1. */
export function categoryAffinity(shares: ReadonlyMap<string, number>, categories: readonly string[]): number {
  return Math.max(0, ...categories.map((category) => shares.get(category) ?? 0));
}

/** The 0..1 score: mostly text similarity, nudged by shared categories; no shared word, no score. */
export const blendScore = (textSimilarity: number, affinity: number) =>
  textSimilarity > 0 ? (1 - CATEGORY_WEIGHT) * textSimilarity + CATEGORY_WEIGHT * affinity : 0;
