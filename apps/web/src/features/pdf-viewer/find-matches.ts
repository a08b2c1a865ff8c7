/*
 * docs/reading.md#find: the find bar's matching, kept pure. A page's text is its text items in order, each
 * item with a line break after it when pdf.js says it ends a line (hasEOL) — the same text the drawn text
 * layer holds (a span per item, a <br> per line end), so a match counted here is found again in the layer.
 * Matching ignores case and treats any run of whitespace as one space.
 */

/** A piece of a page's text: a text item (or its span), or the line break after one. */
export type TTextPiece = string;
/** A match: [start, end) in the page's text (the pieces joined). */
export type TTextRange = { start: number; end: number };
/** A match in the document: its page (1-based) and its place in that page's text. */
export type TDocumentMatch = TTextRange & { page: number };

export const LINE_BREAK = '\n';

/** The pieces of a page's text from pdf.js text content items. */
export function piecesOfItems(items: readonly { str?: string; hasEOL?: boolean }[]): TTextPiece[] {
  return items.flatMap((item) => {
    if (item.str === undefined) return [];
    return item.hasEOL ? [item.str, LINE_BREAK] : [item.str];
  });
}

/** The text lowered and its whitespace runs folded to one space, with each folded character's index in the source. */
function fold(text: string): { folded: string; sourceIndex: number[] } {
  let folded = '';
  const sourceIndex: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (/\s/.test(char)) {
      if (folded.endsWith(' ')) continue;
      folded += ' ';
      sourceIndex.push(index);
      continue;
    }
    const lowered = char.toLowerCase();
    folded += lowered;
    for (let k = 0; k < lowered.length; k += 1) sourceIndex.push(index);
  }
  return { folded, sourceIndex };
}

/** The query as it is matched: lowered, whitespace folded, trimmed; '' finds nothing. */
export const normalizeQuery = (query: string): string => fold(query.trim()).folded;

/** Every non-overlapping match of the query in the text, in order, as ranges of the (unfolded) text. */
export function findInText(text: string, query: string): TTextRange[] {
  const needle = normalizeQuery(query);
  if (!needle) return [];
  const { folded, sourceIndex } = fold(text);
  const ranges: TTextRange[] = [];
  let from = folded.indexOf(needle);
  while (from !== -1) {
    const last = from + needle.length - 1;
    ranges.push({ start: sourceIndex[from] as number, end: (sourceIndex[last] as number) + 1 });
    from = folded.indexOf(needle, from + needle.length);
  }
  return ranges;
}

/** The matches in every page, in reading order; pageTexts[0] is page 1. */
export function findInDocument(pageTexts: readonly string[], query: string): TDocumentMatch[] {
  return pageTexts.flatMap((text, index) => findInText(text, query).map((range) => ({ page: index + 1, ...range })));
}

/** The indexes of the pieces a range of their joined text touches. */
export function piecesInRange(pieces: readonly TTextPiece[], range: TTextRange): number[] {
  const touched: number[] = [];
  let offset = 0;
  pieces.forEach((piece, index) => {
    const end = offset + piece.length;
    if (piece.length > 0 && offset < range.end && end > range.start) touched.push(index);
    offset = end;
  });
  return touched;
}

/** The n-th (0-based) match on its page: which of that page's matches the document's current match is. */
export function indexOnPage(matches: readonly TDocumentMatch[], current: number): number {
  const match = matches[current];
  if (!match) return -1;
  return matches.slice(0, current).filter((other) => other.page === match.page).length;
}

/** The next or previous match, wrapping around the document. */
export function stepMatch(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  return (((current + direction) % count) + count) % count;
}

/** '3 of 12', or 'No matches' for a query that finds none. */
export function matchCountText(current: number, count: number): string {
  return count === 0 ? 'No matches' : `${current + 1} of ${count}`;
}
