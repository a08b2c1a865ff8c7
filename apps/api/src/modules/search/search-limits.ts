import type { SearchIndex } from './search-index.repo';

/**
 * docs/search.md#ranking: this many matches, the index's first, are ranked in full (stemmed rank,
 * exact words, the query as a title phrase); past them, matches follow in the index's own order. One
 * fixed window keeps pages consistent: a paper never moves from one page to another as the user pages.
 * RUM hands matches out by rank, so a shorter window only re-orders its best by the tiers; GIN hands
 * them out newest first, so its window is the candidate set. Scoring is what a GIN search costs
 * (~25 µs a match on PGlite), and the known-item benchmark scores the same at 300 as at 1,000
 * (docs/search.md#plans).
 */
export const RANK_WINDOW: Record<SearchIndex, number> = { rum: 200, gin: 300 };

/**
 * docs/search.md#repeated-searches: how deep the kept order of a query too common to count goes once
 * the user pages past its rank window (the depth the results page offers, 1,000).
 */
export const KEPT_DEPTH = 1000;

/**
 * What a large corpus changes, and from which size (tests lower them to reach those paths):
 * - docs/search.md#totals: on a corpus of `estimatedFrom` papers and more, a query whose planned match
 *   count exceeds `exactUpTo` reports the planner's estimate. Counting a word in 40 % of 2.6M papers
 *   reads half the table (2.5 s here); the estimate of one word comes from ANALYZE's word statistics.
 *   Words alone (no filter, phrase or exclusion), or with RUM a lone phrase, that the planner thinks
 *   rarer are counted by the full-text index itself, and past `indexedUpTo` that number is the
 *   estimate: the planner takes words for independent (`black hole`: 65 planned, 17,408 found), and
 *   counting 17,408 rows read 17,131 heap pages (75-220 ms).
 * - docs/search.md#by-date: on the same corpus, a page by date is read from a range of the newest
 *   papers when the planner's estimate puts its matches `newestWalk` papers down or further. Nearer,
 *   walking the date index and testing each paper is cheaper than the full-text index's bitmap of every
 *   match (`model`, in 43 % of the papers, at offset 900: 35 ms walked, 71 ms through the range, at
 *   250k papers).
 */
export const CORPUS_LIMITS = { estimatedFrom: 100_000, exactUpTo: 20_000, indexedUpTo: 5_000, newestWalk: 3_000 };
export type CorpusLimits = typeof CORPUS_LIMITS;
