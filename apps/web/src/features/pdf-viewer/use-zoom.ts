import { type RefObject, useEffect, useRef, useState } from 'react';
import { clampScale, ZOOM_STEP } from './pdf-texts';

/** Room kept beside a page inside the scroller (its padding), so 'fit width' leaves no sideways scroll. */
const SIDE_ROOM = 32;

/**
 * The viewer's zoom: the page fitted to the panel's width once its size is known, and again when the panel
 * resizes, until the user zooms in or out; 'Fit width' (Ctrl/Cmd+0) goes back to fitting. null until fitted.
 */
export function useZoom(pageWidth: number | null, scrollerRef: RefObject<HTMLElement | null>) {
  const [scale, setScale] = useState<number | null>(null);
  const hasZoomed = useRef(false);
  const fitToWidth = () => {
    const scroller = scrollerRef.current;
    if (pageWidth && scroller) setScale(clampScale((scroller.clientWidth - SIDE_ROOM) / pageWidth));
  };
  const fitRef = useRef(fitToWidth);
  fitRef.current = fitToWidth;
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!pageWidth || !scroller) return undefined;
    const refit = () => !hasZoomed.current && fitRef.current();
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [pageWidth, scrollerRef]);

  const zoomBy = (factor: number) => {
    if (scale === null) return;
    hasZoomed.current = true;
    setScale(clampScale(scale * factor));
  };
  return {
    scale,
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    fitWidth: () => {
      hasZoomed.current = false;
      fitToWidth();
    },
  };
}
