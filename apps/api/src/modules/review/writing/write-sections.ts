import { paperRefKey, type TCitedPassage, type TReviewSectionText, type TStreamEvent } from '@paperbench/contract';
import type { AppContext } from '../../../app-context';
import { publicationYear } from '../../../lib/bibliography';
import { attributeParagraph } from './attribution';
import { ReferenceNumbers, renumberCitations } from './citation-numbers';
import { writeClosing } from './closing-paragraph';
import type { OutlineSection } from './outline';
import type { ReviewWritingPlan } from './prepare-review-writing';
import { CLOSING_SECTION_ID, CLOSING_TITLE } from './review-draft';
import { sectionEvidence } from './section-evidence';
import { type WrittenParagraph, writeParagraph } from './write-paragraph';

/** Offline: verbatim sentences per paper of a section (two when the section has a single paper). */
const sentencesPerPaper = (papers: number) => (papers === 1 ? 2 : 1);

export interface WrittenSections {
  /** The sections in outline order, then the closing paragraph; `[n]` are reference numbers. */
  sections: TReviewSectionText[];
  numbers: ReferenceNumbers;
  /** Papers cited by sentences the checker dropped. */
  unsupportedPapers: Set<string>;
}

/** Where a passage is from, for the prompt: its paper's title and year, and the page. */
const describer = (plan: ReviewWritingPlan) => (passage: TCitedPassage) => {
  const paper = plan.papers.get(paperRefKey(passage));
  const year = publicationYear(paper?.publishedDate);
  return `"${paper?.title ?? passage.paper_id}"${year ? `, ${year}` : ''}, page ${passage.page}`;
};

/** The author's relations inside a section, as the prompt states them: “A” extends “B”. */
function relationsOf(plan: ReviewWritingPlan, section: OutlineSection): string[] {
  const group = plan.groups.find((candidate) => candidate.id === section.id);
  const title = (key: string) => `"${plan.papers.get(key)?.title ?? key}"`;
  return (group?.edges ?? []).map(
    (edge) => `${title(edge.source)} ${edge.label || 'is related to'} ${title(edge.target)}`,
  );
}

/** A paragraph in the reference list's numbering, as the stream sends it. */
function presentParagraph(
  id: string,
  title: string,
  paragraph: WrittenParagraph,
  passages: readonly TCitedPassage[],
  numbers: ReferenceNumbers,
  uncitable: string | null = null,
): TReviewSectionText {
  const byNumber = new Map(
    passages.flatMap((passage) =>
      paperRefKey(passage) === uncitable ? [] : [[passage.n, paperRefKey(passage)] as const],
    ),
  );
  const text = renumberCitations(paragraph.text, (n) => byNumber.get(n), numbers);
  return { id, title, text, source: paragraph.source, dropped_sentences: paragraph.dropped };
}

/**
 * An offline section speaks of its papers, not as them: its verbatim (checked) sentences get their
 * authors as the speaker (docs/review.md#attribution). A model's paragraph is its own words already.
 */
function attributed(plan: ReviewWritingPlan, paragraph: WrittenParagraph, passages: readonly TCitedPassage[]) {
  if (paragraph.source !== 'extractive') return paragraph;
  const paperOf = (n: number) => {
    const passage = passages.find((candidate) => candidate.n === n);
    return passage ? plan.papers.get(paperRefKey(passage)) : undefined;
  };
  return { ...paragraph, text: attributeParagraph(paragraph.text, paperOf) };
}

/** The papers of the passages a paragraph's dropped sentences cited. */
function noteUnsupported(papers: Set<string>, paragraph: WrittenParagraph, passages: readonly TCitedPassage[]) {
  for (const n of paragraph.unsupported) {
    const passage = passages.find((candidate) => candidate.n === n);
    if (passage) papers.add(paperRefKey(passage));
  }
}

/**
 * Each section of the outline, then the closing paragraph when a target is set, written and checked
 * (docs/review.md#writing), yielded as one 'section' event each, their citations numbered as the
 * reference list will number them.
 */
export async function* writeSections(
  context: Pick<AppContext, 'db' | 'ai'>,
  plan: ReviewWritingPlan,
  outline: readonly OutlineSection[],
  abortSignal: AbortSignal,
): AsyncGenerator<TStreamEvent, WrittenSections> {
  const numbers = new ReferenceNumbers();
  const describe = describer(plan);
  const sections: TReviewSectionText[] = [];
  const unsupportedPapers = new Set<string>();
  const written: { section: OutlineSection; passages: TCitedPassage[] }[] = [];
  for (const section of outline) {
    const papers = section.papers.flatMap((key) => plan.papers.get(key) ?? []);
    const relations = relationsOf(plan, section);
    const focus = [section.title, ...section.labels, ...papers.map((paper) => paper.title)].join('\n');
    const passages = await sectionEvidence(context, papers, focus, abortSignal);
    const paragraph = await writeParagraph(context.ai, {
      task: `the section "${section.title}", about the papers below.`,
      context: relations,
      passages,
      describe,
      instructions: plan.instructions,
      focus,
      sentencesPerPaper: sentencesPerPaper(papers.length),
      abortSignal,
    });
    noteUnsupported(unsupportedPapers, paragraph, passages);
    const presented = presentParagraph(
      section.id,
      section.title,
      attributed(plan, paragraph, passages),
      passages,
      numbers,
    );
    sections.push(presented);
    written.push({ section, passages });
    yield { type: 'section', section: presented };
  }

  if (plan.target) {
    const closing = await writeClosing(context, {
      target: plan.target,
      sections: written,
      describe,
      instructions: plan.instructions,
      abortSignal,
    });
    noteUnsupported(unsupportedPapers, closing.paragraph, closing.passages);
    // A paper does not cite itself: a target that is not one of the session's papers is checked against
    // like any paper, but its markers leave the text and it gets no reference (docs/review.md#writing).
    const uncitable = plan.targetIsNode
      ? null
      : paperRefKey({ platform: plan.target.platform, paper_id: plan.target.paperId });
    const presented = presentParagraph(
      CLOSING_SECTION_ID,
      CLOSING_TITLE,
      closing.paragraph,
      closing.passages,
      numbers,
      uncitable,
    );
    sections.push(presented);
    yield { type: 'section', section: presented };
  }

  return { sections, numbers, unsupportedPapers };
}
