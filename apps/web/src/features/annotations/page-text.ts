import type { TTextItem } from '../references/marker-spans';

/**
 * docs/annotations.md#offsets-into-the-extracted-page-text: the page text the server stores is the
 * pdf.js items' strings, each followed by '\n' when it ends a line, concatenated, NUL removed, trimmed.
 * The text layer draws one span per item in the same order, so a (span, offset) in the layer maps to
 * an offset in that text, and back.
 */
export type TPageText = {
  /** The page text as the server has it. */
  text: string;
  /** Where each item starts in the untrimmed, NUL-free join (items[i] ↔ starts[i]). */
  starts: number[];
  /** NUL-free length of each item's string. */
  lengths: number[];
  /** White space trimmed from the start: an untrimmed offset minus this is a page offset. */
  leading: number;
};

const withoutNul = (value: string) => value.replaceAll('\0', '');

export function pageTextOf(items: readonly TTextItem[]): TPageText {
  const starts: number[] = [];
  const lengths: number[] = [];
  let joined = '';
  for (const item of items) {
    const str = withoutNul(item.str);
    starts.push(joined.length);
    lengths.push(str.length);
    joined += str + (item.hasEOL ? '\n' : '');
  }
  const trimmedStart = joined.trimStart();
  return { text: trimmedStart.trimEnd(), starts, lengths, leading: joined.length - trimmedStart.length };
}

/**
 * The page offset of character `offset` of item `item`'s string as drawn (which may hold NULs the
 * server dropped), clamped to the page text.
 */
export function pageOffsetOf(page: TPageText, items: readonly TTextItem[], item: number, offset: number): number {
  const str = items[item]?.str ?? '';
  const kept = withoutNul(str.slice(0, Math.max(0, offset))).length;
  const untrimmed = (page.starts[item] ?? 0) + Math.min(kept, page.lengths[item] ?? 0);
  return Math.min(page.text.length, Math.max(0, untrimmed - page.leading));
}

/** Per item, the [start, end) stretch of its (NUL-free) string that the page range [start, end) covers. */
export function itemStretches(page: TPageText, start: number, end: number) {
  const from = start + page.leading;
  const to = end + page.leading;
  const stretches: { item: number; start: number; end: number }[] = [];
  page.starts.forEach((at, index) => {
    const s = Math.max(from, at);
    const e = Math.min(to, at + (page.lengths[index] ?? 0));
    if (e > s) stretches.push({ item: index, start: s - at, end: e - at });
  });
  return stretches;
}

/** docs/annotations.md's limit on prefix and suffix is 500; a few words either side find a passage again. */
export const QUOTE_CONTEXT = 32;

/** The W3C TextQuoteSelector of [start, end) in the page text. */
export function quoteOf(text: string, start: number, end: number) {
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - QUOTE_CONTEXT), start),
    suffix: text.slice(end, end + QUOTE_CONTEXT),
  };
}

/** [start, end) narrowed past white space at either end (a drag often takes a line break along). */
export function trimRange(text: string, start: number, end: number): { start: number; end: number } | null {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from] ?? '')) from++;
  while (to > from && /\s/.test(text[to - 1] ?? '')) to--;
  return to > from ? { start: from, end: to } : null;
}
