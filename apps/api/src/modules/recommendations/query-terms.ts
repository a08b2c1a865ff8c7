import type { QueryTerm } from './recommendations.repo';
import type { TermStats } from './term-stats';
import { inverseFrequency, type TermVector } from './term-vectors';

/** Terms of the "more like these" query: enough to cover a folder's subjects, few enough to stay fast. */
const QUERY_TERMS = 40;
/**
 * Terms in more than this share of the corpus are left out of the query (each costs a scan of its
 * papers) but still count when candidates are re-scored against the whole profile.
 */
const MAX_QUERY_TERM_SHARE = 0.03;
/**
 * And in more than this many papers, whatever the corpus size: the query reads every paper of every
 * term, so past a few hundred thousand papers the share alone let 40 terms gather millions of hits
 * (3.7 s for a 50-paper folder at 2.6M papers, docs/benchmarks.md#search-at-scale). The rarer terms
 * that remain are the ones that tell a subject apart. At 2.6M papers, 1,000 instead of 2,000 read
 * 14-17k hits instead of 24-31k (the query 20-108 ms instead of 110-155) and gathered candidates whose
 * best ten score the same against the whole profile (five folders, mean within 0.1 %); 500 lost 2-5 %.
 * Under 33,334 papers the 3 % share is the smaller bound, so the shipped corpus is unaffected.
 */
const MAX_QUERY_TERM_DF = 1_000;
/** So a small corpus still has query terms. */
const MIN_QUERY_TERM_DF = 50;

/**
 * The profile's heaviest selective lexemes; a candidate that has one gains profile weight × idf,
 * what the term would add to the cosine if the candidate had it once.
 */
export function selectQueryTerms(profile: TermVector, stats: TermStats): QueryTerm[] {
  const maxDf = Math.max(MIN_QUERY_TERM_DF, Math.min(MAX_QUERY_TERM_DF, stats.documents * MAX_QUERY_TERM_SHARE));
  const terms: QueryTerm[] = [];
  for (const [term, weight] of profile) {
    const df = stats.frequencies.get(term);
    const idf = inverseFrequency(stats, term);
    if (df === undefined || idf === undefined || df > maxDf) continue;
    terms.push({ term, weight: weight * idf });
  }
  return terms.sort((a, b) => b.weight - a.weight).slice(0, QUERY_TERMS);
}
