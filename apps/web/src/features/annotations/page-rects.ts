import type { TAnnotationRect } from '@paperbench/contract';
import type { CSSProperties } from 'react';

type TBox = { left: number; top: number; width: number; height: number };
type TClientRect = { left: number; top: number; right: number; bottom: number };

/**
 * A selection's client rectangles (Range.getClientRects: one per text run, often overlapping, with empty
 * ones at line ends) merged into one per line: runs whose vertical extents overlap by more than half the
 * smaller height, and that lie within two line heights of each other sideways, are one line.
 */
export function mergeLineRects(rects: readonly TClientRect[]): TClientRect[] {
  const lines: TClientRect[] = [];
  const sorted = rects
    .filter((rect) => rect.right - rect.left > 0.5 && rect.bottom - rect.top > 0.5)
    .sort((a, b) => a.top - b.top || a.left - b.left);
  for (const rect of sorted) {
    const line = lines.find((candidate) => {
      const height = Math.min(candidate.bottom - candidate.top, rect.bottom - rect.top);
      const overlap = Math.min(candidate.bottom, rect.bottom) - Math.max(candidate.top, rect.top);
      // Side by side within a few letters: the other column of a two-column page is another line.
      const gap = Math.max(rect.left - candidate.right, candidate.left - rect.right);
      return overlap > height / 2 && gap < height * 2;
    });
    if (line) {
      line.left = Math.min(line.left, rect.left);
      line.right = Math.max(line.right, rect.right);
      line.top = Math.min(line.top, rect.top);
      line.bottom = Math.max(line.bottom, rect.bottom);
    } else lines.push({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
  }
  return lines;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Client rectangles as fractions of the page box (docs/annotations.md#the-model: 0–1 from the top-left,
 * each inside the page); parts outside the page are cut off and rectangles left empty are dropped.
 */
export function toPageFractions(rects: readonly TClientRect[], page: TBox): TAnnotationRect[] {
  if (page.width <= 0 || page.height <= 0) return [];
  return rects.flatMap((rect) => {
    const x = clamp01((rect.left - page.left) / page.width);
    const y = clamp01((rect.top - page.top) / page.height);
    const right = clamp01((rect.right - page.left) / page.width);
    const bottom = clamp01((rect.bottom - page.top) / page.height);
    return right - x > 0 && bottom - y > 0 ? [{ x, y, width: right - x, height: bottom - y }] : [];
  });
}

/** The rectangle spanned by two pointer positions on a page, as fractions of it. */
export function dragRect(from: { x: number; y: number }, to: { x: number; y: number }, page: TBox): TAnnotationRect[] {
  return toPageFractions(
    [
      {
        left: Math.min(from.x, to.x),
        top: Math.min(from.y, to.y),
        right: Math.max(from.x, to.x),
        bottom: Math.max(from.y, to.y),
      },
    ],
    page,
  );
}

/** The smallest rectangle holding all of them (a mark's box, where its popover and note icon go). */
export function boundsOf(rects: readonly TAnnotationRect[]): TAnnotationRect | null {
  if (rects.length === 0) return null;
  const x = Math.min(...rects.map((rect) => rect.x));
  const y = Math.min(...rects.map((rect) => rect.y));
  const right = Math.max(...rects.map((rect) => rect.x + rect.width));
  const bottom = Math.max(...rects.map((rect) => rect.y + rect.height));
  return { x, y, width: right - x, height: bottom - y };
}

const percent = (value: number) => `${value * 100}%`;

/** A page-fraction rectangle placed as percentages of its container, so a zoom moves it with the page. */
export const boxStyle = (rect: TAnnotationRect): CSSProperties => ({
  left: percent(rect.x),
  top: percent(rect.y),
  width: percent(rect.width),
  height: percent(rect.height),
});
