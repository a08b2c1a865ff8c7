import type { TCitedPassage } from '@paperbench/contract';
import { EVIDENCE_INSTRUCTION, numberedPassages } from '../../ai/grounding/grounded-prompt';

export type TSummaryLength = 'brief' | 'full';

/** requirements §9 summary_type: brief is a glance above the results, full a reader's overview. */
const LENGTH_RULE: Record<TSummaryLength, string> = {
  brief: 'Write 2-3 sentences.',
  full: 'Write one or two short paragraphs.',
};

export interface SummaryPromptInput {
  /** What the summary is about: "the search query …" or "the papers of the folder …". */
  subject: string;
  passages: readonly TCitedPassage[];
  /** How each passage is introduced to the model (its paper's title, abstract or page). */
  describe: (passage: TCitedPassage) => string;
  length: TSummaryLength;
  abstentionAnswer: string;
}

/**
 * The system prompt of a cited summary (docs/ai.md#summaries): the same grounding rules and evidence
 * block as chat (ai/grounding/grounded-prompt.ts), asking for a synthesis across the papers rather
 * than an answer to a question.
 */
export function summarySystemPrompt({ subject, passages, describe, length, abstentionAnswer }: SummaryPromptInput) {
  return [
    `You write a short synthesis of research papers about ${subject}, using ONLY the numbered passages below.`,
    'Rules:',
    `- ${LENGTH_RULE[length]} Say what the papers have in common, where they differ, and their notable results; do not describe them one by one.`,
    '- Put the passage numbers in square brackets, e.g. [2] or [1, 3], right after every sentence; cite only numbers listed below.',
    '- Never use knowledge from outside the passages. Do not guess.',
    `- If no passage bears on the subject, reply exactly: ${abstentionAnswer}`,
    `- ${EVIDENCE_INSTRUCTION}`,
    '',
    'Passages:',
    numberedPassages(passages, describe),
  ].join('\n');
}
