import { paraphrasesOf } from '../text/paraphrases';
import { questionTerms } from '../text/question-terms';
import { fitsType, quantityFocus, questionType, type TQuestionType } from '../text/question-type';
import { MIN_PARAPHRASED_COVERAGE, shouldAbstain } from './abstention';
import { documentFrequencies, inverseDocumentFrequency } from './bm25';
import { quotableClaims, type TClaim, type TExtractiveAnswer, type TNumberedPassage } from './extractive-answer';
import { expandQuestion, type TTermWeights } from './query-expansion';
import { termOverlap } from './similarity';

/** docs/ai.md#offline-mode: a chat answer quotes 1-3 sentences, never padding. */
export const MAX_ANSWER_SENTENCES = 3;
/** A sentence of the asked-for kind (a number for "how many"…) scores this much more. */
const TYPE_BONUS = 1;
/** Each place further down the passage ranking costs a sentence this share of its score. */
const RANK_DECAY = 0.08;
/** A further sentence must score at least this share of the best one… */
const FOLLOW_UP_RATIO = 0.6;
/** …and share at most this much of its words with a sentence already chosen (termOverlap). */
const MAX_OVERLAP = 0.5;
/** A quantity question abstains when none of this many best sentences states the quantity. */
const QUANTITY_WINDOW = 5;

/** Rows of a table read as one "sentence" ("SPECTER 84.2 88.4 91.5 36.9 80.0 − abstract 82.2…"). */
const MAX_NUMBER_SHARE = 0.4;
const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}.,%]*/gu;
const NUMERIC = /^\d[\d.,%]*$/;

/** True when numbers are so many of a sentence's words that it is a table run, not a claim. */
export function isTableRun(text: string): boolean {
  const tokens = text.match(TOKEN) ?? [];
  return tokens.length > 0 && tokens.filter((token) => NUMERIC.test(token)).length / tokens.length >= MAX_NUMBER_SHARE;
}

type TScoredClaim = TClaim & { score: number; fits: boolean; literal: Set<string> };

/**
 * Whether a sentence has the asked-for form: for a quantity question, a number beside the thing
 * counted (quantityFocus), since a number about something else answers another question.
 */
function fitsQuestion(type: TQuestionType, focus: readonly string[], claim: TClaim) {
  if (!fitsType(type, claim.text)) return false;
  if (type !== 'quantity' || focus.length === 0) return true;
  const terms = new Set(claim.terms);
  return focus.some((term) => terms.has(term) || [...paraphrasesOf(term)].some((related) => terms.has(related)));
}

/**
 * How much of the question a sentence says: the weights (query-expansion.ts) times the IDF over the
 * sentences of the distinct words it contains. Not BM25: its length normalisation lets a four-word
 * heading or table cell outscore the sentence that answers.
 */
function coverageScores(weights: TTermWeights, claims: readonly TClaim[]): number[] {
  const frequencies = documentFrequencies(claims.map((claim) => claim.terms));
  return claims.map((claim) => {
    let score = 0;
    for (const term of new Set(claim.terms)) {
      const weight = weights.get(term);
      if (weight !== undefined) score += weight * inverseDocumentFrequency(frequencies.get(term) ?? 0, claims.length);
    }
    return score;
  });
}

function scoreClaims(question: string, passages: readonly TNumberedPassage[], claims: readonly TClaim[]) {
  const literal = questionTerms(question);
  const type = questionType(question);
  const focus = quantityFocus(question);
  const weights = expandQuestion(
    literal,
    passages.map((passage) => claims.filter((claim) => claim.n === passage.n).flatMap((claim) => claim.terms)),
  );
  const relevance = coverageScores(weights, claims);
  const rankOf = new Map(passages.map((passage, index) => [passage.n, index]));
  const literalSet = new Set(literal);
  const scored = claims.map((claim, index): TScoredClaim => {
    const fits = fitsQuestion(type, focus, claim);
    const rank = rankOf.get(claim.n) ?? passages.length;
    const score = ((relevance[index] ?? 0) * (fits ? 1 + TYPE_BONUS : 1)) / (1 + RANK_DECAY * rank);
    return { ...claim, score, fits, literal: new Set(claim.terms.filter((term) => literalSet.has(term))) };
  });
  return { type, scored };
}

/**
 * The chat's offline answer (docs/ai.md#offline-mode): the passages' own sentences that best answer the
 * question, scored by the question's words (paraphrases and feedback words weighted below them,
 * query-expansion.ts), by whether they have the asked-for form (a number for "how many", a name for
 * "which", a definition for "what is", a reason for "why") and by their passage's rank. The best
 * sentence first; another only while it scores near the best, adds a question word the chosen ones
 * lack, and does not repeat them; three at most. Each is an exact substring of its passage, followed by
 * its citation. Null when no passage is good enough: the caller abstains.
 */
export function answerFromPassages(question: string, passages: readonly TNumberedPassage[]): TExtractiveAnswer | null {
  if (shouldAbstain(passages, MIN_PARAPHRASED_COVERAGE)) return null;
  const claims = quotableClaims(passages, { trimEndMarkers: true }).filter((claim) => !isTableRun(claim.text));
  const { type, scored: all } = scoreClaims(question, passages, claims);
  const scored = all
    .filter((claim) => claim.score > 0)
    .sort((a, b) => b.score - a.score || a.n - b.n || a.start - b.start);
  const [best] = scored;
  if (!best) return null;
  // A quantity nobody reports: no sentence near the top states a number beside the thing counted.
  if (type === 'quantity' && !scored.slice(0, QUANTITY_WINDOW).some((claim) => claim.fits)) return null;
  const chosen: TScoredClaim[] = [best];
  const covered = new Set(best.literal);
  for (const claim of scored.slice(1)) {
    if (chosen.length >= MAX_ANSWER_SENTENCES || claim.score < FOLLOW_UP_RATIO * best.score) break;
    const addsTerm = [...claim.literal].some((term) => !covered.has(term));
    const repeats = chosen.some((picked) => termOverlap(new Set(picked.terms), new Set(claim.terms)) > MAX_OVERLAP);
    if (!addsTerm || repeats) continue;
    chosen.push(claim);
    for (const term of claim.literal) covered.add(term);
  }
  const sentences = chosen.map(({ n, text, start, end }) => ({ n, text, start, end }));
  return {
    text: sentences.map((sentence) => `${sentence.text} [${sentence.n}]`).join(' '),
    sentences,
    citations: [...new Set(sentences.map((sentence) => sentence.n))].sort((a, b) => a - b),
  };
}
