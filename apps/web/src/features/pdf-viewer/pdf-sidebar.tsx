import { useRef, useState } from 'react';
import type { PDFDocumentProxy } from './load-pdfjs';
import { PdfOutline } from './pdf-outline';
import { PdfThumbnail } from './pdf-thumbnail';

type TTab = 'outline' | 'pages';
const TABS: { id: TTab; label: string }[] = [
  { id: 'outline', label: 'Outline' },
  { id: 'pages', label: 'Pages' },
];

/**
 * docs/reading.md#outline and #pages: the viewer's left sidebar, opened by the toolbar's Outline button: the
 * PDF's table of contents, or a strip of page thumbnails. Both scroll the document where they point.
 */
export function PdfSidebar({
  doc,
  page,
  aspect,
  onGoTo,
}: {
  doc: PDFDocumentProxy;
  page: number;
  aspect: number;
  onGoTo: (page: number, top: number | null) => void;
}) {
  const [tab, setTab] = useState<TTab>('outline');
  const stripRef = useRef<HTMLOListElement>(null);
  const tabRefs = useRef<Record<TTab, HTMLButtonElement | null>>({ outline: null, pages: null });
  const select = (next: TTab) => {
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <div id="pdf-sidebar" className="pdf-sidebar">
      <div
        className="pdf-sidebar-tabs"
        role="tablist"
        aria-label="Sidebar"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') select(tab === 'outline' ? 'pages' : 'outline');
        }}
      >
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            ref={(element) => {
              tabRefs.current[id] = element;
            }}
            type="button"
            role="tab"
            id={`pdf-sidebar-tab-${id}`}
            className="pdf-sidebar-tab"
            aria-selected={tab === id}
            aria-controls={`pdf-sidebar-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        id={`pdf-sidebar-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`pdf-sidebar-tab-${tab}`}
        className="pdf-sidebar-panel"
      >
        {tab === 'outline' ? (
          <PdfOutline doc={doc} page={page} onGoTo={onGoTo} />
        ) : (
          <ol ref={stripRef} className="pdf-thumbnails" aria-label="Pages">
            {Array.from({ length: doc.numPages }, (_, index) => index + 1).map((pageNumber) => (
              <PdfThumbnail
                key={pageNumber}
                doc={doc}
                pageNumber={pageNumber}
                aspect={aspect}
                isCurrent={pageNumber === page}
                rootRef={stripRef}
                onGoTo={(target) => onGoTo(target, null)}
              />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
