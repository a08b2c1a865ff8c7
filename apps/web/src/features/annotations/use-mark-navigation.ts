import type { TAnnotation } from '@paperbench/contract';
import { useEffect, useRef } from 'react';
import type { TReaderMarks } from './reader-marks';

/** How long to wait for a page scrolled to to render and draw its marks (pages render lazily). */
const DRAW_WAIT_MS = 5_000;

const markElement = (root: HTMLElement, id: number) =>
  root.querySelector<HTMLElement>(`.annotation-mark[data-annotation-id="${id}"]`);

/** Scrolls the mark's page into view, waits for the mark to be drawn, then centres and focuses it. */
function goTo(scroller: HTMLElement, mark: TAnnotation) {
  const page = scroller.querySelector<HTMLElement>(`[data-page-number="${mark.page}"]`);
  if (!page) return;
  const drawn = markElement(scroller, mark.id);
  if (!drawn)
    scroller.scrollTop = page.offsetTop + (mark.rects[0]?.y ?? 0) * page.offsetHeight - scroller.clientHeight / 3;
  const started = performance.now();
  const focusWhenDrawn = () => {
    const element = markElement(scroller, mark.id);
    if (element) {
      element.scrollIntoView({ block: 'center' });
      element.focus({ preventScroll: true });
    } else if (performance.now() - started < DRAW_WAIT_MS) requestAnimationFrame(focusWhenDrawn);
  };
  focusWhenDrawn();
}

/**
 * docs/annotations.md#in-the-reader: `]` moves to the next mark, `[` to the previous one, in reading
 * order, from the focused mark (or from the page in view), scrolling to it and focusing it.
 */
export function useMarkNavigation(marks: TReaderMarks, currentPage: number) {
  const latest = useRef({ marks, currentPage });
  latest.current = { marks, currentPage };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ']' && event.key !== '[') return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const { marks: state, currentPage: page } = latest.current;
      const scroller = state.scrollerRef.current;
      const target = event.target as HTMLElement | null;
      const root = scroller?.closest('.pdf-document');
      // Only from within the viewer, or from nowhere in particular (after selecting with the mouse).
      if (!scroller || !(target === document.body || root?.contains(target))) return;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const { ordered } = state;
      if (ordered.length === 0) return;
      event.preventDefault();
      const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('.annotation-mark');
      const at = focused ? ordered.findIndex((mark) => String(mark.id) === focused.dataset.annotationId) : -1;
      const forward = event.key === ']';
      let next: TAnnotation | undefined;
      if (at >= 0) next = ordered[at + (forward ? 1 : -1)];
      else if (forward) next = ordered.find((mark) => mark.page >= page);
      else next = [...ordered].reverse().find((mark) => mark.page <= page);
      if (next) goTo(scroller, next);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
