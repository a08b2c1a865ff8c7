/** requirements §2: the indicator shown while the PDF loads. */
export const LOADING_PDF_TEXT = 'Loading PDF...';

/** Zoom bounds and step of the viewer. */
export const MIN_SCALE = 0.5;
export const MAX_SCALE = 3;
export const ZOOM_STEP = 1.2;

/** How far beyond the viewport a page starts rendering (pages render on demand as you scroll). */
export const RENDER_AHEAD_MARGIN = '800px 0px';

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale * 100) / 100));
}
