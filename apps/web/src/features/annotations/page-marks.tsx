import type { TAnnotation, TAnnotationRect } from '@paperbench/contract';
import { type CSSProperties, type RefObject, useEffect, useLayoutEffect, useMemo } from 'react';
import { AreaCapture } from './area-capture';
import { markLabel } from './mark-label';
import { MarkPopover } from './mark-popover';
import { boundsOf, boxStyle, mergeLineRects, toPageFractions } from './page-rects';
import { pageTextOf } from './page-text';
import { useReaderMarksContext } from './reader-marks';
import { clientRectsOf, type TTextLayer } from './text-layer-range';

type TPageMarksProps = {
  pageNumber: number;
  /** The page box (position: relative): marks are placed in it as percentages, so zoom needs no recompute. */
  boxRef: RefObject<HTMLDivElement | null>;
  /** The drawn text layer; null until the page has been rendered (pages render as they near the viewport). */
  layer: TTextLayer | null;
};

/** The user timing of one page's marks, from placing them to their elements committed. */
const DRAW_MEASURE = 'annotation-marks:page';

type TDrawnMark = { mark: TAnnotation; rects: TAnnotationRect[]; bounds: TAnnotationRect };

/** A rectangle as fractions of another (a mark's rects inside its bounds). */
const within = (rect: TAnnotationRect, outer: TAnnotationRect): TAnnotationRect => ({
  x: (rect.x - outer.x) / outer.width,
  y: (rect.y - outer.y) / outer.height,
  width: rect.width / outer.width,
  height: rect.height / outer.height,
});

/** A custom #rrggbb is drawn as is; palette names are themed by marks.css (light and dark). */
const colorStyle = (color: string): CSSProperties =>
  color.startsWith('#') ? ({ '--mark-color': color } as CSSProperties) : {};

/**
 * docs/annotations.md#in-the-reader: one page's marks, drawn over the canvas once the page is rendered.
 * From their stored `rects`; a mark without any (made through the API) from the text layer's spans at
 * its position. Orphans are not drawn. The open mark's popover and the area tool live here too.
 */
export function PageMarks({ pageNumber, boxRef, layer }: TPageMarksProps) {
  const context = useReaderMarksContext();
  const pages = context?.pages;

  useEffect(() => {
    const box = boxRef.current;
    if (!pages || !layer || !box) return undefined;
    pages.set(pageNumber, { box, layer });
    return () => {
      if (pages.get(pageNumber)?.layer === layer) pages.delete(pageNumber);
    };
  }, [pages, pageNumber, layer, boxRef]);

  const marks = context?.byPage.get(pageNumber);
  const drawn = useMemo(() => {
    const box = boxRef.current?.getBoundingClientRect();
    if (!layer || !marks || !box) return { marks: [], startedAt: 0 };
    const startedAt = performance.now();
    const text = pageTextOf(layer.items);
    const placed = marks.flatMap((mark): TDrawnMark[] => {
      const rects =
        mark.rects.length > 0 || !mark.position
          ? mark.rects
          : toPageFractions(mergeLineRects(clientRectsOf(layer, mark.position.start, mark.position.end, text)), box);
      const bounds = boundsOf(rects);
      return bounds ? [{ mark, rects, bounds }] : [];
    });
    return { marks: placed, startedAt };
  }, [layer, marks, boxRef]);

  // A user timing per page drawn, placing to commit (DevTools' Performance panel; scripts/marks-bench.mjs reads it).
  useLayoutEffect(() => {
    if (drawn.marks.length === 0) return;
    performance.measure(DRAW_MEASURE, {
      start: drawn.startedAt,
      detail: { page: pageNumber, marks: drawn.marks.length },
    });
  }, [drawn, pageNumber]);

  if (!context || !layer) return null;
  const openMark = drawn.marks.find((item) => item.mark.id === context.open?.id);
  return (
    <>
      <div className="annotation-layer" data-page-marks={pageNumber}>
        {drawn.marks.map(({ mark, rects, bounds }) => (
          <button
            key={mark.id}
            type="button"
            className={`annotation-mark annotation-mark-${mark.kind}`}
            data-annotation-id={mark.id}
            data-color={mark.color}
            aria-label={markLabel(mark)}
            aria-haspopup="dialog"
            aria-expanded={openMark?.mark.id === mark.id}
            style={{ ...boxStyle(bounds), ...colorStyle(mark.color) }}
            onClick={() => context.setOpen({ id: mark.id, focusNote: false })}
          >
            {rects.map((rect) => (
              <span
                key={`${rect.x},${rect.y}`}
                className="annotation-mark-rect"
                style={boxStyle(within(rect, bounds))}
              />
            ))}
            {mark.kind === 'note' && rects[0] && (
              <span
                className="annotation-note-icon"
                aria-hidden="true"
                style={{ ...boxStyle(within(rects[0], bounds)), width: undefined, height: undefined }}
              />
            )}
          </button>
        ))}
      </div>
      {openMark && (
        <MarkPopover
          key={openMark.mark.id}
          mark={openMark.mark}
          bounds={openMark.bounds}
          focusNote={context.open?.focusNote ?? false}
          onClose={() => context.setOpen(null)}
        />
      )}
      {context.isAreaTool && context.paper && <AreaCapture pageNumber={pageNumber} boxRef={boxRef} layer={layer} />}
    </>
  );
}
