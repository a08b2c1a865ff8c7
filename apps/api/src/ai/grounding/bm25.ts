/** Okapi BM25 parameters, the usual defaults (Robertson & Zaragoza 2009). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** How many passages contain each term. */
export function documentFrequencies(passages: readonly (readonly string[])[]): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const terms of passages) {
    for (const term of new Set(terms)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  }
  return frequencies;
}

/** BM25's IDF, kept positive (Lucene's form) so that a term in every passage still counts a little. */
export function inverseDocumentFrequency(documentFrequency: number, passageCount: number): number {
  return Math.log(1 + (passageCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/**
 * BM25 score of each passage (token lists) for the query terms. IDF comes from the given passages, the
 * selected papers, not from a global corpus (ai-notes: PostgreSQL's ts_rank has no IDF). Repeated
 * query terms count once; a term's weight (default 1) scales its part of the score, for expanded
 * queries (query-expansion.ts).
 */
export function bm25(
  queryTerms: readonly string[],
  passages: readonly (readonly string[])[],
  weights?: ReadonlyMap<string, number>,
): number[] {
  const query = new Set(queryTerms);
  const frequencies = documentFrequencies(passages);
  const averageLength = passages.reduce((sum, terms) => sum + terms.length, 0) / (passages.length || 1);
  return passages.map((terms) => {
    const termCounts = new Map<string, number>();
    for (const term of terms) if (query.has(term)) termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
    const lengthNorm = 1 - BM25_B + (BM25_B * terms.length) / (averageLength || 1);
    let score = 0;
    for (const [term, count] of termCounts) {
      const idf = inverseDocumentFrequency(frequencies.get(term) ?? 0, passages.length);
      score += ((weights?.get(term) ?? 1) * idf * count * (BM25_K1 + 1)) / (count + BM25_K1 * lengthNorm);
    }
    return score;
  });
}
