import type { TCitationCheck, TCitedPassage, TTextSpan } from '@paperbench/contract';
import { normalizeText } from '../text/normalize';
import { checkCitations, type TSentenceCheck } from './check-citations';
import { citationsIn } from './cited-sentences';

/** What is stored and reported of an answer (or summary) once the citation checker has read it. */
export interface AnswerVerdict {
  content: string;
  abstained: boolean;
  citations: TCitationCheck;
  /** Sentences of `content` the checker could not verify, as character spans. */
  unsupportedSpans: TTextSpan[];
}

/** The fixed abstention sentence of a feature (docs/ai.md#abstention) as a verdict. */
export const abstentionVerdict = (
  content: string,
  citations: TCitationCheck = { supported: [], unsupported: [] },
): AnswerVerdict => ({ content, abstained: true, citations, unsupportedSpans: [] });

/** Where each unsupported sentence is in the answer (the checker gives sentences in order). */
function spansOf(answer: string, sentences: readonly TSentenceCheck[]): TTextSpan[] {
  const spans: TTextSpan[] = [];
  let cursor = 0;
  for (const sentence of sentences) {
    const start = answer.indexOf(sentence.text, cursor);
    if (start < 0) continue;
    cursor = start + sentence.text.length;
    if (!sentence.supported) spans.push({ start, end: cursor });
  }
  return spans;
}

const says = (answer: string, sentence: string) => normalizeText(answer).includes(normalizeText(sentence));

/**
 * A model's grounded text judged by the deterministic checker (docs/ai.md#citations): abstention's
 * layers 2 (the model wrote the feature's abstention sentence, citing nothing) and 3 (no sentence
 * survived the checker) become that fixed sentence; otherwise the text is kept with its unsupported
 * sentences marked.
 */
export function judgeGroundedAnswer(
  answer: string,
  quotes: ReadonlyMap<number, readonly string[]>,
  passages: readonly TCitedPassage[],
  abstentionAnswer: string,
): AnswerVerdict {
  if (answer === '' || (says(answer, abstentionAnswer) && citationsIn(answer).length === 0)) {
    return abstentionVerdict(abstentionAnswer);
  }
  const verdict = checkCitations({
    answer,
    quotes,
    passages: new Map(passages.map((passage) => [passage.n, passage.text])),
  });
  if (!verdict.sentences.some((sentence) => sentence.supported)) {
    return abstentionVerdict(abstentionAnswer, verdict.citations);
  }
  return {
    content: answer,
    abstained: false,
    citations: verdict.citations,
    unsupportedSpans: spansOf(answer, verdict.sentences),
  };
}
