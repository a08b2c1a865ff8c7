import type { TCitationCheck, TCitedPassage } from '@paperbench/contract';
import { type AnswerVerdict, abstentionVerdict, judgeGroundedAnswer } from '../../ai/grounding/answer-verdict';
import { ABSTENTION_ANSWER } from './chat-prompt';

export type { AnswerVerdict };

/** Chat's abstention: "I cannot find this in the selected papers." */
export const abstention = (citations?: TCitationCheck): AnswerVerdict =>
  abstentionVerdict(ABSTENTION_ANSWER, citations);

/** "A, B or C" for the abstention sentence. */
const listed = (terms: readonly string[]) =>
  terms.length <= 1 ? (terms[0] ?? '') : `${terms.slice(0, -1).join(', ')} or ${terms.at(-1)}`;

/**
 * The abstention that names what is missing (docs/ai.md#abstention): the selected papers never mention a
 * specific term of the question, so nothing in them can answer it. "The selected papers do not mention BEIR."
 */
export const missingTermsAbstention = (terms: readonly string[]): AnswerVerdict =>
  abstentionVerdict(`The selected papers do not mention ${listed(terms)}.`);

/** A model's chat answer judged by the deterministic checker (ai/grounding/answer-verdict.ts). */
export const judgeModelAnswer = (
  answer: string,
  quotes: ReadonlyMap<number, readonly string[]>,
  passages: readonly TCitedPassage[],
): AnswerVerdict => judgeGroundedAnswer(answer, quotes, passages, ABSTENTION_ANSWER);
