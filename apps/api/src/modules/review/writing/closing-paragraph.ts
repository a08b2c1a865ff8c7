import type { TCitedPassage } from '@paperbench/contract';
import type { AppContext } from '../../../app-context';
import type { OutlineSection } from './outline';
import type { WritingPaperRow } from './review-writing.repo';
import { sectionEvidence, TARGET_PASSAGES } from './section-evidence';
import { type WrittenParagraph, writeParagraph } from './write-paragraph';

/** Offline, the closing paragraph is this many of the target's own sentences. */
const CLOSING_SENTENCES = 2;

export interface ClosingInput {
  target: WritingPaperRow;
  /** The written sections with the passages they were written from (the first is each one's best). */
  sections: readonly { section: OutlineSection; passages: readonly TCitedPassage[] }[];
  describe: (passage: TCitedPassage) => string;
  instructions: string | null;
  abortSignal: AbortSignal;
}

export interface WrittenClosing {
  paragraph: WrittenParagraph;
  /** The passages the paragraph cites by number. */
  passages: TCitedPassage[];
}

/**
 * The closing paragraph placing the target paper relative to the groups (docs/review.md#writing). With
 * a model: the target's passages that best match the sections, plus the best passage of each section,
 * and the prompt asks how the target relates to each group, cited and checked like a section. Offline
 * (or when no sentence survives): the target's own sentences that best match the sections, verbatim,
 * which say what the target does without claiming a comparison no one wrote.
 */
export async function writeClosing(
  context: Pick<AppContext, 'db' | 'ai'>,
  input: ClosingInput,
): Promise<WrittenClosing> {
  const { target, sections } = input;
  const focus = sections.flatMap(({ section }) => [section.title, ...section.labels]).join('\n');
  const own = await sectionEvidence(context, [target], `${target.title}\n${focus}`, input.abortSignal, {
    limit: TARGET_PASSAGES,
  });
  const others =
    context.ai.mode === 'model' ? sections.flatMap(({ passages }) => passages.slice(0, 1)) : ([] as TCitedPassage[]);
  const passages = [...own, ...others].map((passage, index) => ({ ...passage, n: index + 1 }));
  if (own.length === 0) {
    return { paragraph: { text: '', dropped: 0, unsupported: [], source: 'extractive' }, passages };
  }
  const titles = sections.map(({ section }) => `"${section.title}"`).join(', ');
  const paragraph = await writeParagraph(context.ai, {
    task:
      `the closing paragraph, which places the target paper "${target.title}" (passages [1]-[${own.length}]) ` +
      `relative to the groups of work above (${titles}): what it shares with them and how it differs, ` +
      'only as far as the passages show. Call it "this paper".',
    context: sections.map(({ section }) => `Section "${section.title}" covers ${section.papers.length} paper(s).`),
    passages,
    describe: input.describe,
    instructions: input.instructions,
    focus,
    sentencesPerPaper: CLOSING_SENTENCES,
    // Offline, or when no sentence survives, the target's own sentences only: another paper's would not place it.
    extractiveFrom: passages.slice(0, own.length),
    abortSignal: input.abortSignal,
  });
  return { paragraph, passages };
}
