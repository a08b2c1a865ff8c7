import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { selectOwnMarks } from './annotations.repo';

/** A mark as exports carry it: where it is, what it marks, what its author wrote beside it. */
export interface MarkNote {
  page: number;
  quote: string | null;
  note: string | null;
}

/**
 * docs/annotations.md#what-marks-feed: the user's own marks on each of the papers (none for an empty
 * list), read in one query, by paper.
 */
export async function ownMarksByPaper(
  db: Db,
  userId: number,
  refs: readonly TPaperRef[],
): Promise<(ref: TPaperRef) => MarkNote[]> {
  const rows = refs.length === 0 ? [] : await selectOwnMarks(db, userId, refs);
  const byPaper = new Map<string, MarkNote[]>();
  for (const row of rows) {
    const key = paperRefKey({ platform: row.platform, paper_id: row.paperId });
    byPaper.set(key, [...(byPaper.get(key) ?? []), row]);
  }
  return (ref) => byPaper.get(paperRefKey(ref)) ?? [];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The marks as one plain text, one paragraph a mark: `p. 3: “the quote” — the note`. BibTeX's `annote`
 * takes it as is: the bibliography writer escapes braces and TeX specials (lib/bibliography.ts).
 */
export const marksAsText = (marks: readonly MarkNote[]): string =>
  marks
    .map(({ page, quote, note }) =>
      [
        `p. ${page}:`,
        quote ? `“${oneLine(quote)}”` : null,
        note ? (quote ? `— ${oneLine(note)}` : oneLine(note)) : null,
      ]
        .filter((part) => part !== null)
        .join(' '),
    )
    .join('\n\n');
