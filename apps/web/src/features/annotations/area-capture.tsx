import type { TAnnotationRect } from '@paperbench/contract';
import { type RefObject, useEffect, useState } from 'react';
import { boxStyle, dragRect } from './page-rects';
import { pageTextOf, quoteOf, trimRange } from './page-text';
import { useReaderMarksContext } from './reader-marks';
import type { TTextLayer } from './text-layer-range';

/** Smaller than this (a fraction of the page's side) is a slip of the pointer, not an area. */
const MIN_SIDE = 0.01;

/**
 * The text whose spans' centres lie inside the rectangle, as a quote and position (an area may carry
 * the text under it: docs/annotations.md#the-model); undefined when there is none.
 */
function textUnder(layer: TTextLayer, area: TAnnotationRect, box: DOMRect) {
  const page = pageTextOf(layer.items);
  let start = Number.POSITIVE_INFINITY;
  let end = -1;
  layer.textDivs.forEach((div, index) => {
    const rect = div.getBoundingClientRect();
    const x = (rect.left + rect.width / 2 - box.left) / box.width;
    const y = (rect.top + rect.height / 2 - box.top) / box.height;
    if (x < area.x || x > area.x + area.width || y < area.y || y > area.y + area.height) return;
    const at = (page.starts[index] ?? 0) - page.leading;
    start = Math.min(start, Math.max(0, at));
    end = Math.max(end, Math.min(page.text.length, at + (page.lengths[index] ?? 0)));
  });
  const range = end > start ? trimRange(page.text, start, end) : null;
  if (!range || range.end - range.start > 10_000) return {};
  return { quote: quoteOf(page.text, range.start, range.end), position: range };
}

/**
 * The area tool over one page: a pointer drag draws a rectangle and makes it an `area` mark (with the
 * text under it). Escape cancels the drag in progress.
 */
export function AreaCapture({
  pageNumber,
  boxRef,
  layer,
}: {
  pageNumber: number;
  boxRef: RefObject<HTMLDivElement | null>;
  layer: TTextLayer;
}) {
  const context = useReaderMarksContext();
  const [drag, setDrag] = useState<{ from: { x: number; y: number }; to: { x: number; y: number } } | null>(null);

  useEffect(() => {
    if (!drag) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        setDrag(null);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [drag]);

  const box = boxRef.current?.getBoundingClientRect();
  const rect = drag && box ? dragRect(drag.from, drag.to, box)[0] : undefined;
  return (
    <div
      className="annotation-area-capture"
      data-area-page={pageNumber}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        const point = { x: event.clientX, y: event.clientY };
        setDrag({ from: point, to: point });
      }}
      onPointerMove={(event) => {
        const to = { x: event.clientX, y: event.clientY };
        setDrag((current) => current && { ...current, to });
      }}
      onPointerUp={(event) => {
        const page = boxRef.current?.getBoundingClientRect();
        const current = drag;
        setDrag(null);
        if (!current || !page || !context) return;
        const [area] = dragRect(current.from, { x: event.clientX, y: event.clientY }, page);
        if (!area || area.width < MIN_SIDE || area.height < MIN_SIDE) return;
        context.createMark('area', { page: pageNumber, rects: [area], ...textUnder(layer, area, page) });
      }}
      onPointerCancel={() => setDrag(null)}
    >
      {rect && <div className="annotation-area-draft" style={boxStyle(rect)} />}
    </div>
  );
}
