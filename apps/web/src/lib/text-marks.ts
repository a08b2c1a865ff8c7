import { mathSafeCut, splitTex } from './tex-segments';

/** [start, end) offsets of a matched word in a text (UTF-16 code units, as the API sends them). */
export type TMatchRange = readonly [start: number, end: number];

export type TMarkedPiece = { text: string; isMatch: boolean };

/**
 * The slice [from, to) of a text cut into plain and matched pieces. Marks outside the slice are
 * ignored and marks crossing its ends are clipped, so callers can pass a whole text's marks.
 */
export function markPieces(text: string, marks: readonly TMatchRange[], from = 0, to = text.length): TMarkedPiece[] {
  const pieces: TMarkedPiece[] = [];
  let at = from;
  for (const [markStart, markEnd] of [...marks].sort((a, b) => a[0] - b[0])) {
    const start = Math.max(markStart, at);
    const end = Math.min(markEnd, to);
    if (start >= end) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), isMatch: false });
    pieces.push({ text: text.slice(start, end), isMatch: true });
    at = end;
  }
  if (at < to) pieces.push({ text: text.slice(at, to), isMatch: false });
  return pieces;
}

/** Marks moved by `offset` characters (negative: the text lost a prefix), dropping those now before 0. */
export function shiftMarks(marks: readonly TMatchRange[], offset: number): TMatchRange[] {
  return marks.map(([s, e]): TMatchRange => [s + offset, e + offset]).filter(([, e]) => e > 0);
}

/** How much text a snippet keeps before the first match, so the match is read in its context. */
const LEAD = 70;

function isInsideMath(text: string, at: number): boolean {
  return splitTex(text).some((s) => s.kind === 'math' && s.start < at && at < s.end);
}

/**
 * Where the preview of a long abstract should start so that it shows the first match: 0 when the
 * usual preview (the first `limit` characters) already shows it, otherwise a word start about 70
 * characters before the match, or the start of the formula that position falls into.
 */
export function snippetStart(text: string, marks: readonly TMatchRange[], limit: number): number {
  const first = marks.reduce<TMatchRange | null>((a, b) => (a && a[0] <= b[0] ? a : b), null);
  // The usual preview ends with a word cut and an ellipsis: leave a little room for them.
  if (!first || first[1] <= limit - 10) return 0;
  const wanted = Math.max(0, first[0] - LEAD);
  const cut = mathSafeCut(text, wanted);
  if (cut !== wanted) return cut;
  const space = text.indexOf(' ', wanted);
  const wordStart = space + 1;
  return space === -1 || wordStart > first[0] || isInsideMath(text, wordStart) ? wanted : wordStart;
}
