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

/**
 * The chat's threshold when paraphrases count toward coverage (questionCoverage's `related`): lower,
 * since a paraphrased question shares fewer of its words with the passage; the specific-term check
 * (text/specific-terms.ts) and the quantity check (answer-sentences.ts) catch what it lets through.
 * Tuned on the tuning split (docs/benchmarks.md, Grounded QA): 0.3 answered 3 of its 10 unanswerable
 * questions, 0.4 abstained on 6 of its 60 answerable ones and cited fewer paraphrased gold pages.
 */
export const MIN_PARAPHRASED_COVERAGE = 0.35;

/** An IDF lookup over the selection's passages. */
export function idfOf(frequencies: ReadonlyMap<string, number>, passageCount: number) {
  return (term: string) => inverseDocumentFrequency(frequencies.get(term) ?? 0, passageCount);
}

/** A question term the passage says only in other words (a paraphrase) counts this share of its IDF. */
export const PARAPHRASE_CREDIT = 0.5;

/**
 * The IDF-weighted share of the question's distinct terms that the passage contains, in [0, 1]. With
 * `related` (the chat's offline answer: text/paraphrases.ts), a term absent from the passage whose
 * paraphrase is there counts PARAPHRASE_CREDIT of it.
 */
export function questionCoverage(
  questionTerms: readonly string[],
  passageTerms: ReadonlySet<string>,
  idf: (term: string) => number,
  related?: (term: string) => ReadonlySet<string>,
): number {
  let total = 0;
  let covered = 0;
  for (const term of new Set(questionTerms)) {
    total += idf(term);
    if (passageTerms.has(term)) covered += idf(term);
    else if (related && [...related(term)].some((other) => passageTerms.has(other))) {
      covered += PARAPHRASE_CREDIT * idf(term);
    }
  }
  return total === 0 ? 0 : covered / total;
}

/** True when no ranked passage covers enough of the question: answer "I cannot find this…". */
export function shouldAbstain(
  ranked: readonly { coverage: number }[],
  minCoverage: number = MIN_QUESTION_COVERAGE,
): boolean {
  return !ranked.some((passage) => passage.coverage >= minCoverage);
}
