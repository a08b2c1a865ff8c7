import type { PDFDocumentProxy } from './load-pdfjs';
import { topFraction } from './outline';

/*
 * Moving about the scroller: to a page (and a height on it), and reading where the view is. Pages are laid
 * out one under another inside the scroller (position: relative, so a page's offsetTop is its place in it).
 */

export const pageElement = (scroller: HTMLElement, page: number): HTMLElement | null =>
  scroller.querySelector<HTMLElement>(`[data-page-number="${page}"]`);

/** Scrolls so the page's top, or the height `offset` (0-1) down it, is at the top of the view. */
export function goToPage(scroller: HTMLElement, page: number, offset = 0): boolean {
  const target = pageElement(scroller, page);
  if (!target) return false;
  scroller.scrollTop = target.offsetTop + Math.min(1, Math.max(0, offset)) * target.offsetHeight;
  return true;
}

/** The page at the top of the view and how far down it the view starts (0-1): what resume reading keeps. */
export function readingPlace(scroller: HTMLElement): { page: number; offset: number } {
  const top = scroller.scrollTop;
  let place = { page: 1, offset: 0 };
  for (const element of scroller.querySelectorAll<HTMLElement>('[data-page-number]')) {
    if (element.offsetTop > top) break;
    const height = element.offsetHeight || 1;
    place = {
      page: Number(element.dataset.pageNumber),
      offset: Math.round(Math.min(1, (top - element.offsetTop) / height) * 10_000) / 10_000,
    };
  }
  return place;
}

/**
 * Scrolls to an outline destination: its page, at the destination's top when it has one (PDF units from the
 * page's bottom, turned into a height down the page with the page's own viewport).
 */
export async function goToDestination(
  doc: PDFDocumentProxy,
  scroller: HTMLElement,
  page: number,
  top: number | null,
): Promise<void> {
  if (top === null) {
    goToPage(scroller, page);
    return;
  }
  const viewport = (await doc.getPage(page)).getViewport({ scale: 1 });
  const [, y] = viewport.convertToViewportPoint(0, top);
  goToPage(scroller, page, topFraction(y ?? 0, viewport.height));
}
