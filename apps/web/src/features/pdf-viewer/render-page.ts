import type { PageViewport, PDFPageProxy } from 'pdfjs-dist';
import type { TPageColors } from './use-dark-pages';

type TRenderTask = { cancel: () => void; promise: Promise<void> };
type TRenderParams = {
  canvas: HTMLCanvasElement;
  viewport: PageViewport;
  transform?: number[];
  pageColors?: TPageColors;
};
export type TBox = { x: number; y: number; width: number; height: number };

/**
 * The canvas boxes of the images pdf.js recorded (recordImages): per image three corners of its
 * parallelogram as fractions of the canvas (x0 y0, x1 y1, x2 y2; the fourth is x1 + x2 - x0), as whole pixels.
 */
export function imageBoxes(coordinates: ArrayLike<number> | null | undefined, width: number, height: number): TBox[] {
  const boxes: TBox[] = [];
  for (let at = 0; coordinates && at + 5 < coordinates.length; at += 6) {
    const [x0, y0, x1, y1, x2, y2] = Array.from({ length: 6 }, (_, k) => coordinates[at + k] as number) as number[];
    const xs = [x0, x1, x2, (x1 as number) + (x2 as number) - (x0 as number)] as number[];
    const ys = [y0, y1, y2, (y1 as number) + (y2 as number) - (y0 as number)] as number[];
    const left = Math.max(0, Math.round(Math.min(...xs) * width));
    const top = Math.max(0, Math.round(Math.min(...ys) * height));
    const right = Math.min(width, Math.round(Math.max(...xs) * width));
    const bottom = Math.min(height, Math.round(Math.max(...ys) * height));
    if (right > left && bottom > top) boxes.push({ x: left, y: top, width: right - left, height: bottom - top });
  }
  return boxes;
}

/**
 * docs/reading.md#dark-pages: draws a page, dark when pageColors are given. pdf.js's pageColors recolours the
 * whole canvas, images included (a filter over the drawn page since pdf.js 4), so the page is drawn a second
 * time as is, off screen, and its images are copied back over the dark one: figures keep their colours.
 */
export function renderPageCanvas(page: PDFPageProxy, { pageColors, ...params }: TRenderParams): TRenderTask {
  if (!pageColors) return page.render(params);
  let cancelled = false;
  const dark = page.render({ ...params, pageColors, recordImages: true });
  let current: TRenderTask = dark;
  const promise = (async () => {
    await dark.promise;
    const { canvas } = params;
    const boxes = imageBoxes(dark.imageCoordinates ?? page.imageCoordinates, canvas.width, canvas.height);
    if (cancelled || boxes.length === 0) return;
    const original = document.createElement('canvas');
    original.width = canvas.width;
    original.height = canvas.height;
    current = page.render({ ...params, canvas: original });
    await current.promise;
    const context = canvas.getContext('2d');
    if (!cancelled && context) {
      context.save();
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.filter = 'none';
      for (const box of boxes) {
        context.drawImage(original, box.x, box.y, box.width, box.height, box.x, box.y, box.width, box.height);
      }
      context.restore();
    }
    original.width = 0;
    original.height = 0;
  })();
  return {
    promise,
    cancel: () => {
      cancelled = true;
      current.cancel();
    },
  };
}
