import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH_CLASS, FLASH_MS, scrollToMark } from './panel-scroll-to-mark';

/** A scroller 600 px tall with page 2 laid out 1,000 px down its content, 1,100 px tall. */
function viewer() {
  document.body.innerHTML = `
    <div class="pdf-scroller">
      <div class="pdf-page" data-page-number="1"></div>
      <div class="pdf-page" data-page-number="2"></div>
    </div>`;
  const scroller = document.querySelector<HTMLElement>('.pdf-scroller') as HTMLElement;
  const page = document.querySelector<HTMLElement>('[data-page-number="2"]') as HTMLElement;
  Object.defineProperty(scroller, 'clientHeight', { value: 600 });
  scroller.getBoundingClientRect = () => ({ top: 50 }) as DOMRect;
  // Its top on screen moves with the scroll, as a laid-out page's does.
  page.getBoundingClientRect = () => ({ top: 50 + 1000 - scroller.scrollTop, height: 1100 }) as DOMRect;
  return { scroller, page };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scrollToMark', () => {
  it("centres the mark's first rectangle in the scroller", () => {
    const { scroller } = viewer();
    scrollToMark(scroller, { id: 7, page: 2, rects: [{ x: 0.1, y: 0.5, width: 0.2, height: 0.1 }] });
    // 1,000 + (0.5 + 0.05) × 1,100 − 600 / 2
    expect(scroller.scrollTop).toBe(1000 + 605 - 300);
  });

  it('flashes and focuses the drawn mark once it appears (pages render lazily), then stops flashing', () => {
    const { scroller, page } = viewer();
    scrollToMark(scroller, { id: 7, page: 2, rects: [] });
    expect(scroller.scrollTop).toBe(1000);
    vi.advanceTimersByTime(300);
    const mark = document.createElement('div');
    mark.className = 'annotation-mark';
    mark.dataset.annotationId = '7';
    page.append(mark);
    vi.advanceTimersByTime(100);
    expect(mark).toHaveClass(FLASH_CLASS);
    expect(document.activeElement).toBe(mark);
    vi.advanceTimersByTime(FLASH_MS);
    expect(mark).not.toHaveClass(FLASH_CLASS);
  });

  it('gives up quietly when the mark is never drawn, and can be cancelled', () => {
    const { scroller, page } = viewer();
    const cancel = scrollToMark(scroller, { id: 8, page: 2, rects: [] });
    cancel();
    const mark = document.createElement('div');
    mark.dataset.annotationId = '8';
    page.append(mark);
    vi.advanceTimersByTime(10_000);
    expect(mark).not.toHaveClass(FLASH_CLASS);
  });
});
