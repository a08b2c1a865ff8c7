/**
 * Scores `pnpm eval`'s answers as a client sees them (docs/ai.md#scorecard), for a model or for
 * extractive mode. Pure: events and the stored answer's marks in, the verdict out. Builds on the QA
 * bench's scorer (bench/qa/score-answer.ts) and, like it, does not reuse the server's citation code.
 */
import type { TCitedPassage, TScorecardMetrics, TStreamEvent } from '@paperbench/contract';
import type { QaSetQuestion } from '../../bench/qa/question-set';
import { scoreAnswer } from '../../bench/qa/score-answer';
import { summarize } from '../../bench/stats';

/**
 * What the user is left with. verified: every sentence passed the checker; partly-unverified: some are
 * marked "not verified"; withdrawn: none passed, so the abstention replaced the answer; abstained: the
 * abstention without a citation (retrieval found nothing, or the model said so); error: the stream failed.
 */
export type EvalVerdict = 'verified' | 'partly-unverified' | 'withdrawn' | 'abstained' | 'error';

export interface EvalAnswer {
  question: QaSetQuestion;
  verdict: EvalVerdict;
  abstained: boolean;
  /** Answerable only: a citation the checker verified is on a gold page of the gold paper. */
  goldCited: boolean;
  /** Distinct `[n]` naming no passage sent or that the checker could not verify, plus quotes not verbatim (extractive). */
  fabricated: number;
  /** Sentences the stored answer marks as not verified. */
  unsupportedSentences: number;
  firstDeltaMs: number | undefined;
  /** From the first to the last delta, in ms. */
  streamMs: number;
  /** Characters of answer text shown. */
  shownChars: number;
  error?: string;
}

export interface AnswerInput {
  events: readonly TStreamEvent[];
  firstDeltaMs: number | undefined;
  lastDeltaMs: number | undefined;
  /** The stored answer (GET /api/chat/messages); null when nothing was stored (an error). */
  stored: { content: string; unsupportedSpans: number } | null;
}

const MARKERS = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

/** Every number inside `[n]` or `[n, m]` markers of the shown text. */
const citedNumbers = (text: string) =>
  [...text.matchAll(MARKERS)].flatMap((match) => (match[1] ?? '').split(',').map((n) => Number(n.trim())));

/** The stored answer is not what was streamed: the checker replaced it (abstention layer 3, docs/ai.md#abstention). */
const replaced = (shown: string, stored: AnswerInput['stored']) =>
  stored !== null && stored.content.trim() !== shown.trim();

function verdictOf(error: string | undefined, abstained: boolean, wasReplaced: boolean, spans: number): EvalVerdict {
  if (error !== undefined) return 'error';
  if (abstained) return wasReplaced ? 'withdrawn' : 'abstained';
  return spans > 0 ? 'partly-unverified' : 'verified';
}

export function scoreEvalAnswer(
  question: QaSetQuestion,
  input: AnswerInput,
  paperOf: (ref: TCitedPassage) => string,
): EvalAnswer {
  const base = scoreAnswer(question, input.events, paperOf);
  const passages = input.events.flatMap((event) => (event.type === 'passages' ? event.passages : []));
  const byNumber = new Map(passages.map((passage) => [passage.n, passage]));
  const done = input.events.find((event) => event.type === 'done');
  const supported = done?.type === 'done' ? done.citations.supported : [];
  const unsupported = done?.type === 'done' ? done.citations.unsupported : [];
  const unsupportedSpans = input.stored?.unsupportedSpans ?? 0;
  const notSent = citedNumbers(base.answer).filter((n) => !byNumber.has(n));
  // The offline answer's pieces are verbatim quotes; a model's deltas are arbitrary cuts of its text.
  const notVerbatim = done?.type === 'done' && done.source === 'extractive' ? base.notVerbatim : 0;
  const goldCited =
    !base.abstained &&
    supported.some((n) => {
      const passage = byNumber.get(n);
      return passage !== undefined && question.paper === paperOf(passage) && question.pages.includes(passage.page);
    });
  return {
    question,
    verdict: verdictOf(base.error, base.abstained, replaced(base.answer, input.stored), unsupportedSpans),
    abstained: base.abstained,
    goldCited,
    fabricated: new Set([...notSent, ...unsupported]).size + notVerbatim,
    unsupportedSentences: unsupportedSpans,
    firstDeltaMs: input.firstDeltaMs,
    streamMs:
      input.firstDeltaMs === undefined || input.lastDeltaMs === undefined ? 0 : input.lastDeltaMs - input.firstDeltaMs,
    shownChars: base.answer.length,
    error: base.error,
  };
}

/** Tokens estimated from text the way OpenAI's guidance does for English: about 4 characters each. */
const CHARS_PER_TOKEN = 4;

export function summarizeEval(answers: readonly EvalAnswer[], mode: 'model' | 'extractive'): TScorecardMetrics {
  const kinds = [...new Set(answers.map((answer) => answer.question.style))].filter((kind) => kind !== 'unanswerable');
  const answerable = answers.filter((answer) => answer.question.style !== 'unanswerable');
  const unanswerable = answers.filter((answer) => answer.question.style === 'unanswerable');
  const sum = (pick: (answer: EvalAnswer) => number) => answers.reduce((total, answer) => total + pick(answer), 0);
  const firstDeltas = answers.flatMap((answer) => (answer.firstDeltaMs === undefined ? [] : [answer.firstDeltaMs]));
  const ttft = summarize(firstDeltas);
  // A model's stream only: extractive answers arrive all at once, and a rate of that means nothing.
  const streamed = answers.filter((answer) => answer.streamMs > 0 && answer.verdict !== 'abstained');
  const streamSeconds = streamed.reduce((total, answer) => total + answer.streamMs, 0) / 1000;
  const streamedTokens = streamed.reduce((total, answer) => total + answer.shownChars, 0) / CHARS_PER_TOKEN;
  return {
    questions: answers.length,
    gold_cited: kinds.map((kind) => {
      const of = answerable.filter((answer) => answer.question.style === kind);
      return { kind, cited: of.filter((answer) => answer.goldCited).length, questions: of.length };
    }),
    correct_abstentions: unanswerable.filter((answer) => answer.abstained).length,
    unanswerable: unanswerable.length,
    wrong_abstentions: answerable.filter((answer) => answer.abstained).length,
    answerable: answerable.length,
    fabricated_citations: sum((answer) => answer.fabricated),
    unsupported_sentences: sum((answer) => answer.unsupportedSentences),
    withdrawn_answers: answers.filter((answer) => answer.verdict === 'withdrawn').length,
    errors: answers.filter((answer) => answer.verdict === 'error').length,
    first_token_ms: firstDeltas.length === 0 ? null : { p50: round(ttft.p50), p95: round(ttft.p95) },
    tokens_per_second:
      mode === 'model' && streamSeconds > 0 ? Math.round((10 * streamedTokens) / streamSeconds) / 10 : null,
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
