export type TScored<T> = { item: T; relevance: number };

export type TMmrOptions<T> = {
  /** Weight of relevance against novelty (ai-notes: λ ≈ 0.7). */
  lambda?: number;
  /** How many items to keep. */
  limit: number;
  /** Similarity of two items in [0, 1]. */
  similarity: (a: T, b: T) => number;
  /** The group an item belongs to (its paper), for the per-group cap. */
  groupOf?: (item: T) => string;
  /** At most this many items per group, so that an answer does not quote one paper only. */
  perGroupLimit?: number;
};

/**
 * Maximal marginal relevance (Carbonell & Goldstein 1998): picks, one at a time, the item that best
 * balances relevance (scaled to [0, 1]) against its similarity to the items already picked. Ties keep
 * the input order, so the result is deterministic.
 */
export function mmr<T>(candidates: readonly TScored<T>[], options: TMmrOptions<T>): TScored<T>[] {
  const { lambda = 0.7, limit, similarity, groupOf, perGroupLimit = Number.POSITIVE_INFINITY } = options;
  const maxRelevance = Math.max(0, ...candidates.map((candidate) => candidate.relevance));
  const remaining = [...candidates];
  const picked: TScored<T>[] = [];
  const perGroup = new Map<string, number>();
  while (picked.length < limit && remaining.length > 0) {
    let bestIndex = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    remaining.forEach((candidate, index) => {
      if (groupOf && (perGroup.get(groupOf(candidate.item)) ?? 0) >= perGroupLimit) return;
      const relevance = maxRelevance > 0 ? candidate.relevance / maxRelevance : 0;
      const redundancy = Math.max(0, ...picked.map((chosen) => similarity(candidate.item, chosen.item)));
      const score = lambda * relevance - (1 - lambda) * redundancy;
      if (score > bestScore) {
        bestScore = score;
        bestIndex = index;
      }
    });
    if (bestIndex < 0) break;
    const [chosen] = remaining.splice(bestIndex, 1);
    if (!chosen) break;
    picked.push(chosen);
    if (groupOf) perGroup.set(groupOf(chosen.item), (perGroup.get(groupOf(chosen.item)) ?? 0) + 1);
  }
  return picked;
}
