import { lazy, Suspense, useState } from 'react';
import { paperDetailPath } from '../../lib/app-paths';
import { AnnotationsPanel } from '../annotations/panel-annotations';
import { ANNOTATIONS_PANEL_ID, AnnotationsToggle } from '../annotations/panel-toggle';
import { CommentThread } from '../comments/comment-thread';
import type { TOpenPdf } from '../file-list/file-list-panel-state';
import { Icon } from '../ui/icons';
import { LOADING_PDF_TEXT } from './pdf-texts';
import { useOpenablePdfUrl } from './use-openable-pdf-url';
import './pdf-viewer.css';

// pdfjs-dist is large: it loads with the viewer, in its own chunk, never with the home route.
const PdfDocumentView = lazy(() => import('./pdf-document-view'));

/**
 * requirements §2 PDF viewer (it replaces the list in the panel): the file name as title (default 'Document'),
 * an 'Open in new window' link, a close button and 'Loading PDF...' while loading.
 */
export function PdfPanel({ pdf, onClose }: { pdf: TOpenPdf; onClose: () => void }) {
  // A new window cannot send X-User-ID: an upload opens there through a signed short-lived URL.
  const openUrl = useOpenablePdfUrl(pdf.url);
  // One side panel at a time beside the pages: the paper's comments or its marks.
  const [side, setSide] = useState<'comments' | 'annotations' | null>(null);
  const toggleSide = (panel: 'comments' | 'annotations') => setSide((open) => (open === panel ? null : panel));
  const isCommentsOpen = side === 'comments';
  return (
    <section className="pdf-panel" aria-labelledby="pdf-viewer-title">
      <header className="pdf-panel-header">
        <h2 id="pdf-viewer-title" className="pdf-panel-title" title={pdf.name}>
          {pdf.name}
        </h2>
        {openUrl ? (
          <a className="panel-action" href={openUrl} target="_blank" rel="noopener noreferrer">
            <Icon name="external" size={14} />
            <span className="pdf-panel-action-label">Open in new window</span>
          </a>
        ) : (
          <span className="panel-action" aria-disabled="true">
            <Icon name="external" size={14} />
            <span className="pdf-panel-action-label">Open in new window</span>
          </span>
        )}
        {pdf.paper && (
          <button
            type="button"
            className="panel-action"
            aria-pressed={isCommentsOpen}
            aria-controls={isCommentsOpen ? 'pdf-comments' : undefined}
            onClick={() => toggleSide('comments')}
          >
            <Icon name="chat" size={14} />
            <span className="pdf-panel-action-label">Comments</span>
          </button>
        )}
        {pdf.paper && (
          <AnnotationsToggle
            paper={pdf.paper}
            isOpen={side === 'annotations'}
            onToggle={() => toggleSide('annotations')}
          />
        )}
        <button type="button" className="icon-button" aria-label="Close PDF" onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      <div className="pdf-body">
        <Suspense
          fallback={
            <p className="pdf-loading" role="status">
              {LOADING_PDF_TEXT}
            </p>
          }
        >
          <PdfDocumentView
            key={pdf.url}
            url={pdf.url}
            page={pdf.page}
            highlight={pdf.highlight}
            paperPath={pdf.paper && paperDetailPath(pdf.paper)}
            paper={pdf.paper}
          />
        </Suspense>
        {/* The paper's comments beside the PDF (features/comments), one toggle away. */}
        {pdf.paper && isCommentsOpen && (
          <aside id="pdf-comments" className="pdf-side-panel" aria-label="Comments on this paper">
            <CommentThread target={{ kind: 'paper', paper: pdf.paper }} canComment compact />
          </aside>
        )}
        {/* docs/annotations.md#the-annotations-panel: the paper's marks by page, on the pages' right. */}
        {pdf.paper && side === 'annotations' && (
          <aside id={ANNOTATIONS_PANEL_ID} className="pdf-side-panel" aria-label="Annotations">
            <AnnotationsPanel paper={pdf.paper} />
          </aside>
        )}
      </div>
    </section>
  );
}
