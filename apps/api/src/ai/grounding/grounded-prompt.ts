import type { TCitedPassage } from '@paperbench/contract';
import { EVIDENCE_HEADER } from './evidence-block';

/** The prompt's rule for the evidence block the server strips and checks (evidence-block.ts). */
export const EVIDENCE_INSTRUCTION = `After the answer, write a line "${EVIDENCE_HEADER}" and then, for every number you cited, one line [n] "a short verbatim quote from passage n that supports your claim", copied exactly.`;

const whereFrom = (passage: TCitedPassage) => `${passage.platform} ${passage.paper_id}, page ${passage.page}`;

/**
 * The passages a grounded prompt gives the model, each under the number it must cite it by:
 * `[n] (where it is from)` and the passage verbatim (docs/ai.md#citations).
 */
export function numberedPassages(
  passages: readonly TCitedPassage[],
  describe: (passage: TCitedPassage) => string = whereFrom,
): string {
  return passages.map((passage) => `[${passage.n}] (${describe(passage)})\n${passage.text}`).join('\n\n');
}
