import { MAX_ANNOTATION_QUOTE, MAX_ANNOTATION_RECTS } from '@paperbench/contract';
import { mergeLineRects, toPageFractions } from './page-rects';
import { quoteOf, trimRange } from './page-text';
import type { TMarkTarget, TPageEntry } from './reader-marks';
import { pageRangeOf } from './text-layer-range';

/** A selection in a page's text layer, as a mark would be made of it, and where its first line is on the page. */
export type TSelectionTarget = {
  target: TMarkTarget & { quote: NonNullable<TMarkTarget['quote']> };
  box: HTMLElement;
  /** The first line's top-left corner in the page box, in CSS pixels: the toolbar goes above it. */
  anchor: { left: number; top: number };
};

/**
 * docs/annotations.md: a DOM selection → the POST body's page, quote (exact, prefix, suffix), position
 * (offsets into the page text, white space at either end left out) and rects (its client rectangles,
 * one per line, as fractions of the page). A selection running on into the next page is cut at the
 * end of the page it starts on. Null when it holds no text of a drawn page.
 */
export function selectionTarget(range: Range, pages: ReadonlyMap<number, TPageEntry>): TSelectionTarget | null {
  const start = range.startContainer;
  const element = start instanceof Element ? start : start.parentElement;
  const pageNumber = Number(element?.closest<HTMLElement>('[data-page-number]')?.dataset.pageNumber);
  const entry = pages.get(pageNumber);
  if (!entry) return null;
  const found = pageRangeOf(range, entry.layer);
  const position = found && trimRange(found.page.text, found.start, found.end);
  if (!found || !position || position.end - position.start > MAX_ANNOTATION_QUOTE) return null;
  const box = entry.box.getBoundingClientRect();
  const lines = mergeLineRects(
    [...range.getClientRects()].filter((rect) => {
      const middle = rect.top + rect.height / 2;
      return middle >= box.top && middle <= box.bottom;
    }),
  );
  const first = lines[0];
  return {
    target: {
      page: pageNumber,
      quote: quoteOf(found.page.text, position.start, position.end),
      position,
      rects: toPageFractions(lines, box).slice(0, MAX_ANNOTATION_RECTS),
    },
    box: entry.box,
    anchor: { left: (first?.left ?? box.left) - box.left, top: (first?.top ?? box.top) - box.top },
  };
}
