import { inverseDocumentFrequency } from './bm25';

/**
 * The least share of a question's information (its terms weighted by IDF over the selection) that
 * one passage must contain to be worth answering from (issue: the first layer of abstention, before
 * any model call). Terms found in no passage carry the highest IDF, so an off-topic question scores
 * low even when it shares a common word ("population") with a paper; a question about the papers
 * usually finds most of its terms in one passage. 0.4 is a starting point: tune it with the bench
 * (correct abstentions against gold pages found). Dense similarity is deliberately not used here:
 * cosine values have no threshold that holds across embedding models.
 */
export const MIN_QUESTION_COVERAGE = 0.4;

/** An IDF lookup over the selection's passages. */
export function idfOf(frequencies: ReadonlyMap<string, number>, passageCount: number) {
  return (term: string) => inverseDocumentFrequency(frequencies.get(term) ?? 0, passageCount);
}

/** The IDF-weighted share of the question's distinct terms that the passage contains, in [0, 1]. */
export function questionCoverage(
  questionTerms: readonly string[],
  passageTerms: ReadonlySet<string>,
  idf: (term: string) => number,
): number {
  let total = 0;
  let covered = 0;
  for (const term of new Set(questionTerms)) {
    total += idf(term);
    if (passageTerms.has(term)) covered += idf(term);
  }
  return total === 0 ? 0 : covered / total;
}

/** True when no ranked passage covers enough of the question: answer "I cannot find this…". */
export function shouldAbstain(ranked: readonly { coverage: number }[]): boolean {
  return !ranked.some((passage) => passage.coverage >= MIN_QUESTION_COVERAGE);
}
