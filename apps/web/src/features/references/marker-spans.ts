import type { TCitationMarker } from '@paperbench/contract';

/** A pdf.js text item as the server read it: its string and whether a line ends after it. */
export type TTextItem = { str: string; hasEOL: boolean };

export const MARKER_CLASS = 'citation-marker';

/**
 * docs/references.md#parsing: marker offsets count in the page text the server built from the same
 * pdf.js items (each item's string, a newline after an item that ends a line, the whole trimmed). The
 * text layer draws one span per item, in order; so an offset maps to (item, offset within it).
 * Returns, per item index, the [start, end) stretch of its string the marker covers.
 */
export function markerStretches(items: readonly TTextItem[], marker: Pick<TCitationMarker, 'char_start' | 'char_end'>) {
  const joined = items.map((item) => item.str + (item.hasEOL ? '\n' : '')).join('');
  const leading = joined.length - joined.trimStart().length;
  const from = marker.char_start + leading;
  const to = marker.char_end + leading;
  const stretches: { item: number; start: number; end: number }[] = [];
  let at = 0;
  items.forEach((item, index) => {
    const start = Math.max(from, at);
    const end = Math.min(to, at + item.str.length);
    if (end > start) stretches.push({ item: index, start: start - at, end: end - at });
    at += item.str.length + (item.hasEOL ? 1 : 0);
  });
  return stretches;
}

/**
 * Wraps each marker's characters in the text layer's spans in a focusable `<span class=citation-marker>`
 * (data-marker = the marker's index). Spans already wrapped are left alone. Returns the new elements.
 */
export function wrapMarkers(
  textDivs: readonly HTMLElement[],
  items: readonly TTextItem[],
  markers: readonly TCitationMarker[],
  labelOf: (marker: TCitationMarker) => string,
): HTMLElement[] {
  const made: HTMLElement[] = [];
  // Right to left within a span, so earlier offsets stay valid while later ones are split off.
  const cuts = markers
    .flatMap((marker, index) => markerStretches(items, marker).map((stretch) => ({ ...stretch, index, marker })))
    .sort((a, b) => a.item - b.item || b.start - a.start);
  for (const cut of cuts) {
    const div = textDivs[cut.item];
    const text = div?.firstChild;
    if (!div || !(text instanceof Text) || cut.end > (text.textContent ?? '').length) continue;
    const tail = text.splitText(cut.start);
    tail.splitText(cut.end - cut.start);
    const span = document.createElement('span');
    span.className = MARKER_CLASS;
    span.tabIndex = 0;
    span.setAttribute('role', 'button');
    span.dataset.marker = String(cut.index);
    span.setAttribute('aria-label', labelOf(cut.marker));
    tail.replaceWith(span);
    span.append(tail);
    made.push(span);
  }
  return made;
}
