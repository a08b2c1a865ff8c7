import type { TShareImportRequest, TShareImportResponse } from '@paperbench/contract';

/** Replace clears the user's files first; Merge keeps them. The server applies either (POST /api/share/{id}/import). */
export type TImportChoice = TShareImportRequest['mode'];

/**
 * requirements §4 Shared-list import: with no files of their own the user merges at once (no question);
 * otherwise they choose Replace, Merge or Cancel.
 */
export function needsImportChoice(existingCount: number): boolean {
  return existingCount > 0;
}

const papers = (count: number) => (count === 1 ? '1 paper' : `${count} papers`);

/**
 * What the visitor is told once an import is done: what was added, what they already held, and what
 * the link could not give them (docs/collaboration.md#uploads: a link grants no access to uploads).
 */
export function importNoticeText({
  attached,
  already_present,
  withheld,
}: Pick<TShareImportResponse, 'attached' | 'already_present' | 'withheld'>): string {
  const sentences = [
    attached > 0
      ? `${papers(attached)} from a shared list ${attached === 1 ? 'was' : 'were'} added to your File List.`
      : 'No new papers from the shared list were added to your File List.',
  ];
  if (already_present > 0) {
    sentences.push(`${papers(already_present)} ${already_present === 1 ? 'was' : 'were'} already there.`);
  }
  if (withheld > 0) {
    sentences.push(
      withheld === 1
        ? '1 private upload on the list is not shared with you.'
        : `${withheld} private uploads on the list are not shared with you.`,
    );
  }
  return sentences.join(' ');
}

/** After Undo: how many of the attached papers left the File List again. */
export function undoneNoticeText(removed: number): string {
  return `Undone: ${papers(removed)} ${removed === 1 ? 'was' : 'were'} removed from your File List.`;
}
