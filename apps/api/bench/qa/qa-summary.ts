/** The grounded-QA numbers of one driver's run, from its scored answers (docs/benchmarks.md, "Grounded QA"). */
import type { TimedAnswer } from '../qa-grounding.bench';
import { type LatencySummary, summarize } from '../stats';
import type { QaStyle } from './question-set';

/** The targets of docs/benchmarks.md ("Targets"), measured in offline mode, on each split. */
export const QA_TARGETS = {
  keywordGoldCited: 0.95,
  paraphrasedGoldCited: 0.5,
  /** Unanswerable questions abstained on: 7 of 8. */
  correctAbstentions: 7 / 8,
  /** Answerable questions abstained on, at most. */
  wrongAbstentions: 0.1,
  firstDeltaP95Ms: 300,
} as const;

export interface StyleSummary {
  style: QaStyle;
  questions: number;
  /** Answerable: a cited passage is on a gold page. Unanswerable: not applicable (0). */
  goldCited: number;
  /** Answerable: a gold page is among the passages sent (retrieval recall at the context size). */
  goldSent: number;
  abstained: number;
}

export interface QaSummary {
  styles: StyleSummary[];
  /** Cited `[n]` that is no passage sent, summed over answers. */
  citedNotSent: number;
  /** Citations the server's checker marked unsupported. */
  unsupported: number;
  /** Answer sentences that are not verbatim text of the passage they cite. */
  notVerbatim: number;
  /** Answers quoting a sentence that carries the paper's own "[14]"-style reference markers. */
  carriedAnswers: number;
  carriedMarkers: number;
  /** Of those, markers whose number is a passage that was sent: a reader's click opens the wrong passage. */
  carriedInRange: number;
  /** Stream `error` events. */
  errors: number;
  firstDelta: LatencySummary;
  /** Whole answer, request to `[DONE]`. */
  total: LatencySummary;
}

/** "[4]" when 4 passages or more were sent (passages are numbered 1…n in order). */
const sentNumber = (marker: string, answer: TimedAnswer) =>
  marker
    .slice(1, -1)
    .split(',')
    .some((n) => Number(n) >= 1 && Number(n) <= answer.sent.length);

export function summarizeQa(answers: readonly TimedAnswer[]): QaSummary {
  const styles = (['keyword', 'paraphrased', 'unanswerable'] as const).map((style) => {
    const of = answers.filter((answer) => answer.question.style === style);
    return {
      style,
      questions: of.length,
      goldCited: of.filter((answer) => answer.goldCited).length,
      goldSent: of.filter((answer) => answer.goldSent).length,
      abstained: of.filter((answer) => answer.abstained).length,
    };
  });
  const sum = (pick: (answer: TimedAnswer) => number) => answers.reduce((total, answer) => total + pick(answer), 0);
  return {
    styles,
    citedNotSent: sum((answer) => answer.citedNotSent.length),
    unsupported: sum((answer) => answer.unsupported.length),
    notVerbatim: sum((answer) => answer.notVerbatim),
    carriedAnswers: answers.filter((answer) => answer.carriedMarkers.length > 0).length,
    carriedMarkers: sum((answer) => answer.carriedMarkers.length),
    carriedInRange: sum((answer) => answer.carriedMarkers.filter((marker) => sentNumber(marker, answer)).length),
    errors: answers.filter((answer) => answer.error !== undefined).length,
    firstDelta: summarize(
      answers.flatMap((answer) => (answer.firstDeltaMs === undefined ? [] : [answer.firstDeltaMs])),
    ),
    total: summarize(answers.map((answer) => answer.totalMs)),
  };
}
