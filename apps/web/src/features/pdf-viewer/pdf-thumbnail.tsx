import { type RefObject, useEffect, useRef } from 'react';
import type { PDFDocumentProxy } from './load-pdfjs';
import { useSeenOnce } from './use-seen-once';

/** A thumbnail's width in CSS pixels; its height follows the page's shape. */
export const THUMBNAIL_WIDTH = 96;

/**
 * docs/reading.md#pages: one page's tile in the Pages tab: its number, and its picture drawn small once the
 * tile scrolls into the sidebar's view (never before).
 */
export function PdfThumbnail({
  doc,
  pageNumber,
  aspect,
  isCurrent,
  rootRef,
  onGoTo,
}: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  /** Height over width, of page 1 until this page is drawn. */
  aspect: number;
  isCurrent: boolean;
  rootRef: RefObject<HTMLElement | null>;
  onGoTo: (page: number) => void;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const isVisible = useSeenOnce(buttonRef, rootRef, '200px 0px');

  useEffect(() => {
    if (!isVisible) return undefined;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (THUMBNAIL_WIDTH * ratio) / page.getViewport({ scale: 1 }).width });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        task = page.render({ canvas, viewport });
        await task.promise;
      } catch (error) {
        if (!cancelled && (error as { name?: string }).name !== 'RenderingCancelledException') {
          console.error(`Drawing the thumbnail of page ${pageNumber} failed:`, error);
        }
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [isVisible, doc, pageNumber]);

  return (
    <li>
      <button
        ref={buttonRef}
        type="button"
        className="pdf-thumbnail"
        aria-label={`Page ${pageNumber}`}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={() => onGoTo(pageNumber)}
      >
        <canvas
          ref={canvasRef}
          className="pdf-thumbnail-canvas"
          style={{ width: THUMBNAIL_WIDTH, height: Math.round(THUMBNAIL_WIDTH * aspect) }}
        />
        <span className="pdf-thumbnail-number" aria-hidden="true">
          {pageNumber}
        </span>
      </button>
    </li>
  );
}
