import type { TTextItem } from '../references/marker-spans';
import { itemStretches, pageOffsetOf, pageTextOf, type TPageText } from './page-text';

/** A page's text layer as drawn: one span per text item (pdf.js's textDivs), and the items. */
export type TTextLayer = { textDivs: readonly HTMLElement[]; items: readonly TTextItem[] };

/** Characters of `div`'s text before the boundary point (container, offset) inside it. */
function textOffsetIn(div: HTMLElement, container: Node, offset: number): number {
  const probe = document.createRange();
  probe.selectNodeContents(div);
  probe.setEnd(container, offset);
  return probe.toString().length;
}

/**
 * The page offsets [start, end) a DOM range covers in a text layer (docs/annotations.md#offsets-into-the-extracted-page-text),
 * or null when it covers none of the layer's text. A range running past the layer (into the next page)
 * is cut at the layer's end. Citation markers split the spans' text nodes: offsets count the span's whole text.
 */
export function pageRangeOf(range: Range, layer: TTextLayer, page: TPageText = pageTextOf(layer.items)) {
  let start: number | null = null;
  let end: number | null = null;
  layer.textDivs.forEach((div, index) => {
    if (!range.intersectsNode(div)) return;
    const length = div.textContent?.length ?? 0;
    const from = div.contains(range.startContainer) ? textOffsetIn(div, range.startContainer, range.startOffset) : 0;
    const to = div.contains(range.endContainer) ? textOffsetIn(div, range.endContainer, range.endOffset) : length;
    if (to <= from) return;
    start ??= pageOffsetOf(page, layer.items, index, from);
    end = pageOffsetOf(page, layer.items, index, to);
  });
  return start !== null && end !== null && end > start ? { start, end, page } : null;
}

/** The text node and offset of character `offset` of a span's text (its text nodes, in order). */
function pointIn(div: HTMLElement, offset: number): { node: Node; offset: number } {
  const walker = document.createTreeWalker(div, NodeFilter.SHOW_TEXT);
  let left = offset;
  let last: Text | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (left <= node.length) return { node, offset: left };
    left -= node.length;
    last = node;
  }
  return last ? { node: last, offset: last.length } : { node: div, offset: div.childNodes.length };
}

/**
 * The client rectangles of the page text [start, end) as the layer draws it: for a mark stored without
 * rectangles (made through the API), drawn from its position.
 */
export function clientRectsOf(
  layer: TTextLayer,
  start: number,
  end: number,
  page: TPageText = pageTextOf(layer.items),
): DOMRect[] {
  return itemStretches(page, start, end).flatMap((stretch) => {
    const div = layer.textDivs[stretch.item];
    if (!div) return [];
    // The span's string may hold NULs the page text dropped: count them back in.
    const str = layer.items[stretch.item]?.str ?? '';
    const drawn = (kept: number) => {
      let seen = 0;
      for (let index = 0; index < str.length; index++) {
        if (seen === kept) return index;
        if (str[index] !== '\0') seen++;
      }
      return str.length;
    };
    const range = document.createRange();
    const from = pointIn(div, drawn(stretch.start));
    const to = pointIn(div, drawn(stretch.end));
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset);
    return [...range.getClientRects()];
  });
}
