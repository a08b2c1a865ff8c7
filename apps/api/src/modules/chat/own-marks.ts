import type { TCitedPassage, TPaperRef, TStreamEvent } from '@paperbench/contract';
import { type AnswerVerdict, abstentionVerdict } from '../../ai/grounding/answer-verdict';
import type { Db } from '../../db/client';
import { selectOwnMarks } from '../annotations/annotations.repo';

/** docs/ai.md#my-highlights: at most this many marks are an answer's passages (the first, by paper and page). */
export const MAX_MARK_PASSAGES = 40;

/** What an answer says, plainly, when the reader has marked nothing in the selected papers. */
export const NO_MARKS_ANSWER = 'You have no highlights in the selected papers.';

/** The reader's marks as numbered passages (the marked text, on its page), with their notes beside them. */
export interface MarkPassages {
  passages: TCitedPassage[];
  /** The reader's note on passage n: their own words, shown to the model as such, never cited as a source. */
  notes: Map<number, string>;
}

/** The user's own marks on the papers (docs/annotations.md#what-marks-feed: own marks only, never those shared with them). */
export async function ownMarkPassages(db: Db, userId: number, papers: readonly TPaperRef[]): Promise<MarkPassages> {
  const rows = await selectOwnMarks(db, userId, papers, { textOnly: true, limit: MAX_MARK_PASSAGES });
  const passages = rows.map((row, index) => ({
    n: index + 1,
    paper_id: row.paperId,
    platform: row.platform,
    page: row.page,
    text: row.quote ?? '',
  }));
  const notes = new Map(rows.flatMap((row, index) => (row.note ? [[index + 1, row.note] as const] : [])));
  return { passages, notes };
}

export const noMarksVerdict = (answer = NO_MARKS_ANSWER): AnswerVerdict => abstentionVerdict(answer);

/** The model's extra instructions: the passages are the reader's marks; their notes are context, not sources. */
export function markNotesPrompt({ notes }: MarkPassages): string {
  const lines = [...notes].map(([n, note]) => `[${n}] ${note}`);
  return [
    '',
    'The passages above are the parts of the papers the reader marked (their highlights); the question is about them.',
    ...(lines.length === 0
      ? []
      : [
          "The reader's own notes on them follow: their words, not the papers'. Use them to understand what the reader wants; never cite them as evidence.",
          ...lines,
        ]),
  ].join('\n');
}

/**
 * The offline answer about the reader's marks (chat, and the highlights summary): every mark, verbatim and
 * cited, a line each, with the reader's note after it as theirs. Supported by construction (each line
 * quotes its passage's whole text).
 */
export function markList({ passages, notes }: MarkPassages): AnswerVerdict {
  const lines = passages.map((passage) => {
    const note = notes.get(passage.n);
    return `- ${passage.text} [${passage.n}]${note ? ` (your note: ${note})` : ''}`;
  });
  const citations = { supported: passages.map((passage) => passage.n), unsupported: [] };
  return { content: lines.join('\n'), abstained: false, citations, unsupportedSpans: [] };
}

/** markList as chat's stream: a delta a mark. */
export function* markListDeltas(marks: MarkPassages): Generator<TStreamEvent, AnswerVerdict> {
  const verdict = markList(marks);
  for (const [index, line] of verdict.content.split('\n').entries()) {
    yield { type: 'delta', content: `${index === 0 ? '' : '\n'}${line}` };
  }
  return verdict;
}
