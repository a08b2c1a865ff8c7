import type { TCitationMarker, TPaperReference } from '@paperbench/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { findQuoteSpans } from '../../lib/quote-spans';
import { PageMarks } from '../annotations/page-marks';
import { MARKER_CLASS, type TTextItem } from '../references/marker-spans';
import { PageCitations } from '../references/page-citations';
import { type PDFDocumentProxy, pdfjs } from './load-pdfjs';
import { RENDER_AHEAD_MARGIN } from './pdf-texts';
import { renderPageCanvas } from './render-page';
import type { TPageColors } from './use-dark-pages';
import type { TPageFind } from './use-find';
import { useFindHighlight } from './use-find-highlight';

type TPdfPageProps = {
  doc: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  /** Page 1's size at scale 1: a placeholder until this page's own size is known. */
  estimatedSize: { width: number; height: number };
  scrollerRef: RefObject<HTMLElement | null>;
  /** A passage to mark in this page's text layer (a chat citation's quote). */
  highlight?: string;
  /** This page's in-text citation markers and the paper's reference list (docs/references.md). */
  citations?: { markers: readonly TCitationMarker[]; references: readonly TPaperReference[] };
  /** The find bar's matches to mark on this page (docs/reading.md#find). */
  find?: TPageFind;
  /** Dark pages (docs/reading.md#dark-pages): pdf.js draws text and paths in these colours; images keep theirs. */
  pageColors?: TPageColors;
};

const HIGHLIGHT_CLASS = 'pdf-highlight';

/**
 * One page: an empty box of the right size until it nears the viewport (IntersectionObserver), then a
 * canvas and a pdf.js text layer, so the text can be selected and found with the browser's find.
 */
export function PdfPage({
  doc,
  pageNumber,
  scale,
  estimatedSize,
  scrollerRef,
  highlight,
  citations,
  find,
  pageColors,
}: TPdfPageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);
  const [size, setSize] = useState(estimatedSize);
  // Bumped when the text layer has been (re)drawn, so the highlight is applied to the new spans.
  const [textLayerVersion, setTextLayerVersion] = useState(0);
  // The drawn text layer's spans and the items they show, for the citation markers' offsets.
  const [layer, setLayer] = useState<{ textDivs: HTMLElement[]; items: TTextItem[] } | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || isNear) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { root: scrollerRef.current, rootMargin: RENDER_AHEAD_MARGIN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [isNear, scrollerRef]);

  useEffect(() => {
    if (!isNear) return undefined;
    let cancelled = false;
    let renderTask: { cancel: () => void; promise: Promise<void> } | null = null;
    let textLayer: InstanceType<typeof pdfjs.TextLayer> | null = null;
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        if (cancelled) return;
        const viewport = page.getViewport({ scale });
        const unscaled = page.getViewport({ scale: 1 });
        setSize({ width: unscaled.width, height: unscaled.height });
        const canvas = canvasRef.current;
        const textDiv = textRef.current;
        if (!canvas || !textDiv) return;
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        renderTask = renderPageCanvas(page, {
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
          pageColors,
        });
        textDiv.replaceChildren();
        // The whole text content (not a stream): its items also place the citation markers.
        const content = await page.getTextContent();
        if (cancelled) return;
        textLayer = new pdfjs.TextLayer({ textContentSource: content, container: textDiv, viewport });
        await Promise.all([renderTask.promise, textLayer.render()]);
        if (cancelled) return;
        const items = content.items.flatMap((item) => ('str' in item ? [{ str: item.str, hasEOL: item.hasEOL }] : []));
        setLayer({ textDivs: textLayer.textDivs as HTMLElement[], items });
        setTextLayerVersion((version) => version + 1);
      } catch (error) {
        if (!cancelled && (error as { name?: string }).name !== 'RenderingCancelledException') {
          console.error(`Rendering page ${pageNumber} failed:`, error);
        }
      }
    })();
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [isNear, doc, pageNumber, scale, pageColors]);

  useFindHighlight(textRef, textLayerVersion, find);

  useEffect(() => {
    const spans = [...(textRef.current?.querySelectorAll(`span:not(.markedContent):not(.${MARKER_CLASS})`) ?? [])];
    for (const span of spans) span.classList.remove(HIGHLIGHT_CLASS);
    if (!highlight || textLayerVersion === 0) return;
    const marked = findQuoteSpans(
      spans.map((span) => span.textContent ?? ''),
      highlight,
    ).map((index) => spans[index]);
    for (const span of marked) span?.classList.add(HIGHLIGHT_CLASS);
    marked[0]?.scrollIntoView({ block: 'center' });
  }, [highlight, textLayerVersion]);

  const width = Math.floor(size.width * scale);
  const height = Math.floor(size.height * scale);
  return (
    <div
      ref={boxRef}
      className="pdf-page"
      data-page-number={pageNumber}
      title={`Page ${pageNumber}`}
      style={{ width, height, ['--total-scale-factor' as string]: scale, ['--scale-factor' as string]: scale }}
    >
      <canvas ref={canvasRef} className="pdf-canvas" style={{ width, height }} />
      <div ref={textRef} className="textLayer" />
      <PageMarks pageNumber={pageNumber} boxRef={boxRef} layer={layer} />
      {citations && (
        <PageCitations boxRef={boxRef} layer={layer} markers={citations.markers} references={citations.references} />
      )}
    </div>
  );
}
