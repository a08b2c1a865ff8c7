import { type TCitationMarker, type TPaperRef, USER_ID_HEADER } from '@paperbench/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { uploadedPaperIdOf } from '../../lib/pdf-source';
import { readStoredUserId } from '../../lib/user-id-storage';
import { ReaderMarksProvider, useReaderMarks } from '../annotations/reader-marks';
import { ReaderMarksOverlay } from '../annotations/reader-marks-overlay';
import { useCitationMarkersQuery, useReferencesQuery } from '../references/api';
import { FindBar } from './find-bar';
import { type PDFDocumentProxy, pdfjs } from './load-pdfjs';
import { PdfLoadError } from './pdf-load-error';
import { pdfLoadFailureOf, type TPdfLoadFailure } from './pdf-load-failure';
import { goToDestination } from './pdf-navigation';
import { PdfPage } from './pdf-page';
import { PdfSidebar } from './pdf-sidebar';
import { LOADING_PDF_TEXT } from './pdf-texts';
import { PdfToolbar } from './pdf-toolbar';
import { useDarkPages } from './use-dark-pages';
import { useFind } from './use-find';
import { useReadingPosition } from './use-reading-position';
import { useViewerKeys } from './use-viewer-keys';
import { useZoom } from './use-zoom';

type TLoadState =
  | { kind: 'loading' }
  | { kind: 'error'; failure: TPdfLoadFailure }
  | { kind: 'ready'; doc: PDFDocumentProxy; pageWidth: number; pageHeight: number };

const NO_MARKERS: TCitationMarker[] = [];

type TPdfDocumentViewProps = {
  url: string;
  /** A page to show first and a passage to mark on it (a chat citation). */
  page?: number;
  highlight?: string;
  /** The in-app page of the paper, offered when the PDF cannot be loaded. */
  paperPath?: string;
  /** The paper shown, when known: its in-text citation markers become focusable (docs/references.md). */
  paper?: TPaperRef;
};

/** The paper's markers grouped by page, with its reference list; null until both are loaded. */
function useCitations(paper: TPaperRef | undefined) {
  const references = useReferencesQuery(paper);
  const markers = useCitationMarkersQuery(paper);
  return useMemo(() => {
    if (!references.data || !markers.data) return null;
    const byPage = new Map<number, TCitationMarker[]>();
    for (const marker of markers.data.markers) byPage.set(marker.page, [...(byPage.get(marker.page) ?? []), marker]);
    return { references: references.data, byPage };
  }, [references.data, markers.data]);
}

/**
 * The document: loads the PDF with pdf.js (range requests, so the first page shows before the rest
 * arrives), then lays out every page at its size and renders each one as it nears the viewport.
 */
function PdfDocument({
  url,
  page,
  highlight,
  paperPath,
  paper,
  onRetry,
}: TPdfDocumentViewProps & { onRetry: () => void }) {
  const citations = useCitations(paper);
  const [state, setState] = useState<TLoadState>({ kind: 'loading' });
  const [currentPage, setCurrentPage] = useState(1);
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);
  const scrollerRef = useRef<HTMLElement>(null);
  const find = useFind(state.kind === 'ready' ? state.doc : null, scrollerRef);
  const darkPages = useDarkPages();
  const { scale, zoomIn, zoomOut, fitWidth } = useZoom(state.kind === 'ready' ? state.pageWidth : null, scrollerRef);
  // docs/annotations.md#in-the-reader: marks drawn on the pages, the selection toolbar, the area tool.
  const marks = useReaderMarks(paper, scrollerRef);

  useEffect(() => {
    // An uploaded PDF is read with the X-User-ID header like every other API call (docs/security.md#sessions: the
    // id never goes into a URL); pdf.js sends it on each range request, so reading has no time limit.
    const userId = uploadedPaperIdOf(url) ? readStoredUserId() : null;
    const httpHeaders = userId ? { [USER_ID_HEADER]: userId } : undefined;
    const task = pdfjs.getDocument({ url, disableAutoFetch: true, httpHeaders });
    let cancelled = false;
    task.promise
      .then(async (doc) => {
        const first = await doc.getPage(1);
        const { width, height } = first.getViewport({ scale: 1 });
        if (!cancelled) setState({ kind: 'ready', doc, pageWidth: width, pageHeight: height });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Loading the PDF failed:', error);
        setState({ kind: 'error', failure: pdfLoadFailureOf(error, url) });
      });
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  // Open at the cited page once the pages are laid out (each renders as it comes into view).
  const isLaidOut = state.kind === 'ready' && scale !== null;
  useEffect(() => {
    const target =
      page && isLaidOut ? scrollerRef.current?.querySelector<HTMLElement>(`[data-page-number="${page}"]`) : null;
    if (target && scrollerRef.current) scrollerRef.current.scrollTop = target.offsetTop;
  }, [isLaidOut, page]);

  // docs/reading.md#resume-reading: where the user left this paper, unless opened at a cited page.
  const saveReadingPlace = useReadingPosition({ paper, scrollerRef, isLaidOut, citedPage: page });

  // 'Page N / M': the page whose area crosses the upper third of the scroller.
  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const mark = scroller.scrollTop + scroller.clientHeight / 3;
    const pages = scroller.querySelectorAll<HTMLElement>('[data-page-number]');
    let page = 1;
    for (const element of pages) {
      if (element.offsetTop <= mark) page = Number(element.dataset.pageNumber);
      else break;
    }
    setCurrentPage(page);
    saveReadingPlace();
  };
  const onKeyDown = useViewerKeys(scrollerRef, {
    page: currentPage,
    pageCount: state.kind === 'ready' ? state.doc.numPages : 1,
    onFind: find.open,
    onZoomIn: zoomIn,
    onZoomOut: zoomOut,
    onFitWidth: fitWidth,
  });
  const closeFind = () => {
    find.close();
    scrollerRef.current?.focus();
  };

  if (state.kind === 'error') {
    return <PdfLoadError failure={state.failure} onRetry={onRetry} paperPath={paperPath} />;
  }
  const ready = state.kind === 'ready' && scale !== null ? { ...state, scale } : null;
  return (
    <ReaderMarksProvider marks={marks}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the viewer's shortcuts (docs/reading.md#keyboard) work wherever the focus is inside it. */}
      <div className="pdf-document" data-dark-pages={darkPages.isOn || undefined} onKeyDown={onKeyDown}>
        {ready && (
          <PdfToolbar
            page={currentPage}
            pageCount={ready.doc.numPages}
            scale={ready.scale}
            onZoomIn={zoomIn}
            onZoomOut={zoomOut}
            onFitWidth={fitWidth}
            outline={{ isOn: isSidebarOpen, onToggle: () => setIsSidebarOpen((open) => !open) }}
            find={{ isOn: find.isOpen, onToggle: find.isOpen ? closeFind : find.open }}
            darkPages={{ isOn: darkPages.isOn, onToggle: darkPages.toggle }}
            areaTool={marks.paper && { isOn: marks.isAreaTool, onToggle: () => marks.setAreaTool(!marks.isAreaTool) }}
          />
        )}
        {ready && find.isOpen && <FindBar find={find} onClose={closeFind} />}
        <div className="pdf-reading-area">
          {ready && isSidebarOpen && (
            <PdfSidebar
              doc={ready.doc}
              page={currentPage}
              aspect={ready.pageHeight / ready.pageWidth}
              onGoTo={(target, top) => {
                if (scrollerRef.current) void goToDestination(ready.doc, scrollerRef.current, target, top);
              }}
            />
          )}
          <section
            ref={scrollerRef}
            className="pdf-scroller"
            onScroll={onScroll}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the pages scroll with the keyboard (docs/reading.md#keyboard).
            tabIndex={0}
            aria-label="Document pages"
          >
            {!ready && (
              <p className="pdf-loading" role="status">
                {LOADING_PDF_TEXT}
              </p>
            )}
            {ready &&
              Array.from({ length: ready.doc.numPages }, (_, index) => index + 1).map((pageNumber) => (
                <PdfPage
                  key={pageNumber}
                  doc={ready.doc}
                  pageNumber={pageNumber}
                  scale={ready.scale}
                  estimatedSize={{ width: ready.pageWidth, height: ready.pageHeight }}
                  scrollerRef={scrollerRef}
                  highlight={pageNumber === page ? highlight : undefined}
                  citations={
                    citations
                      ? { markers: citations.byPage.get(pageNumber) ?? NO_MARKERS, references: citations.references }
                      : undefined
                  }
                  find={find.forPage(pageNumber)}
                  pageColors={darkPages.pageColors}
                />
              ))}
          </section>
        </div>
        <ReaderMarksOverlay marks={marks} currentPage={currentPage} />
      </div>
    </ReaderMarksProvider>
  );
}

/** The document, loaded afresh (a new pdf.js task, zoom and page reset) each time Retry is pressed. */
export default function PdfDocumentView(props: TPdfDocumentViewProps) {
  const [attempt, setAttempt] = useState(0);
  return <PdfDocument key={attempt} {...props} onRetry={() => setAttempt((count) => count + 1)} />;
}
