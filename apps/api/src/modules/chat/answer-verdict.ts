import type { TCitationCheck, TCitedPassage } from '@paperbench/contract';
import { type AnswerVerdict, abstentionVerdict, judgeGroundedAnswer } from '../../ai/grounding/answer-verdict';
import { ABSTENTION_ANSWER } from './chat-prompt';

export type { AnswerVerdict };

/** Chat's abstention: "I cannot find this in the selected papers." */
export const abstention = (citations?: TCitationCheck): AnswerVerdict =>
  abstentionVerdict(ABSTENTION_ANSWER, citations);

/** A model's chat answer judged by the deterministic checker (ai/grounding/answer-verdict.ts). */
export const judgeModelAnswer = (
  answer: string,
  quotes: ReadonlyMap<number, readonly string[]>,
  passages: readonly TCitedPassage[],
): AnswerVerdict => judgeGroundedAnswer(answer, quotes, passages, ABSTENTION_ANSWER);
