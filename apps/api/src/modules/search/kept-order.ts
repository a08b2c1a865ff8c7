import type { RankedKey } from './ranked-window-cache';

/** One match in the index's order with its full score: what a common word's kept order holds. */
export interface ScoredKey {
  platform: string;
  paperId: string;
  score: number;
}

/**
 * docs/search.md#common-words: a kept index order paged as a search ranks it (rankedKeys): its first
 * `window` keys re-ranked by full score, ties in the index's order, then the rest in the index's
 * order, where a page has no full score.
 */
export function rankedFromIndexOrder(keys: readonly ScoredKey[], window: number): RankedKey[] {
  const head = keys.slice(0, window).map((key, position) => ({ key, position }));
  head.sort((a, b) => b.key.score - a.key.score || a.position - b.position);
  return [...head.map(({ key }) => key), ...keys.slice(window).map((key) => ({ ...key, score: null }))];
}
