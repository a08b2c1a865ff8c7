import type { TAnnotation } from '@paperbench/contract';
import { type RefObject, useCallback, useEffect, useRef } from 'react';

/** The class that makes a drawn mark flash (panel.css), and for how long. */
export const FLASH_CLASS = 'annotation-flash';
export const FLASH_MS = 1500;
/** Pages render as they near the viewport: the mark's element may appear a little after the scroll. */
const WAIT_FOR_ELEMENT_MS = 4000;
const POLL_MS = 100;

/**
 * Scrolls the viewer's scroller so the mark's first rectangle (fractions of its page, from the top-left)
 * is centred, or its page's top when it has none; then, once the mark's drawn element exists, flashes
 * and focuses it. Returns a function that stops whatever is still pending.
 */
export function scrollToMark(scroller: HTMLElement, mark: Pick<TAnnotation, 'id' | 'page' | 'rects'>): () => void {
  const page = scroller.querySelector<HTMLElement>(`.pdf-page[data-page-number="${mark.page}"]`);
  if (page) {
    const pageBox = page.getBoundingClientRect();
    const pageTop = pageBox.top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    const rect = mark.rects[0];
    const y = rect ? pageTop + (rect.y + rect.height / 2) * pageBox.height : pageTop;
    scroller.scrollTop = Math.max(0, y - (rect ? scroller.clientHeight / 2 : 0));
  }
  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  let flashed: HTMLElement | null = null;
  const startedAt = Date.now();
  const poll = setInterval(() => {
    const element = scroller.querySelector<HTMLElement>(`[data-annotation-id="${mark.id}"]`);
    if (!element && Date.now() - startedAt < WAIT_FOR_ELEMENT_MS) return;
    clearInterval(poll);
    if (!element) return;
    flashed = element;
    // A drawn mark need not be focusable by tab; focus() still needs a tabindex.
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.classList.add(FLASH_CLASS);
    element.focus({ preventScroll: true });
    flashTimer = setTimeout(() => element.classList.remove(FLASH_CLASS), FLASH_MS);
  }, POLL_MS);
  return () => {
    clearInterval(poll);
    clearTimeout(flashTimer);
    flashed?.classList.remove(FLASH_CLASS);
  };
}

/**
 * The panel's "go to this mark": finds the scroller of the viewer the panel sits in (`within`'s closest
 * `.pdf-panel`), and cancels a previous jump still waiting, and any on unmount.
 */
export function useScrollToMark(within: RefObject<HTMLElement | null>) {
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  return useCallback(
    (mark: Pick<TAnnotation, 'id' | 'page' | 'rects'>) => {
      const viewer = within.current?.closest('.pdf-panel') ?? document;
      const scroller = viewer.querySelector<HTMLElement>('.pdf-scroller');
      if (!scroller) return;
      cancel.current?.();
      cancel.current = scrollToMark(scroller, mark);
    },
    [within],
  );
}
