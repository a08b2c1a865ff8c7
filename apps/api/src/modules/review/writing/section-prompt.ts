import type { TCitedPassage } from '@paperbench/contract';
import { EVIDENCE_INSTRUCTION, numberedPassages } from '../../../ai/grounding/grounded-prompt';

export interface ParagraphPromptInput {
  /** What the paragraph is: the section's title, or the closing paragraph's task. */
  task: string;
  /** Facts the user gave: "“A” extends “B”" (edge labels), the papers' titles. */
  context: string[];
  passages: readonly TCitedPassage[];
  describe: (passage: TCitedPassage) => string;
  /** The request's instructions (tone, length, focus), if any. */
  instructions: string | null;
}

/**
 * The system prompt of one paragraph of a related-work section (docs/review.md#writing): chat's
 * grounding rules and evidence block (ai/grounding/grounded-prompt.ts) over the numbered passages of
 * the section's papers only. The server checks every citation and drops what it cannot verify.
 */
export function paragraphSystemPrompt({ task, context, passages, describe, instructions }: ParagraphPromptInput) {
  return [
    `You write one paragraph of the related-work section of a research paper: ${task}`,
    'Rules:',
    '- Write 3-6 sentences in academic prose that synthesise the papers: what they share, how they differ, how they relate.',
    '- Use ONLY the numbered passages below. Put the passage numbers in square brackets, e.g. [2] or [1, 3], right after every sentence; cite only numbers listed below.',
    '- Never mention, name or cite a paper that is not among the passages; never write a reference list or author-year citations.',
    '- Do not write a heading.',
    `- ${EVIDENCE_INSTRUCTION}`,
    ...(instructions
      ? [`- The author's instructions (follow them unless they contradict the rules): ${instructions}`]
      : []),
    '',
    ...(context.length > 0
      ? ['What the author knows about these papers:', ...context.map((line) => `- ${line}`), '']
      : []),
    'Passages:',
    numberedPassages(passages, describe),
  ].join('\n');
}
