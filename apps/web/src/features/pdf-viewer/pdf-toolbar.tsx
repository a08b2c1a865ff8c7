import { Icon } from '../ui/icons';
import { MAX_SCALE, MIN_SCALE } from './pdf-texts';

type TPdfToolbarProps = {
  page: number;
  pageCount: number;
  scale: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  /** The area tool (docs/annotations.md#in-the-reader), offered when the paper is known. */
  areaTool?: { isOn: boolean; onToggle: () => void };
};

/** Zoom out / in, the zoom level, and 'Page N / M'. */
export function PdfToolbar({ page, pageCount, scale, onZoomIn, onZoomOut, areaTool }: TPdfToolbarProps) {
  return (
    <div className="pdf-toolbar">
      <button
        type="button"
        className="icon-button"
        aria-label="Zoom out"
        disabled={scale <= MIN_SCALE}
        onClick={onZoomOut}
      >
        <Icon name="zoomOut" size={17} />
      </button>
      <span className="pdf-zoom" title="Zoom level">
        {Math.round(scale * 100)}%
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label="Zoom in"
        disabled={scale >= MAX_SCALE}
        onClick={onZoomIn}
      >
        <Icon name="zoomIn" size={17} />
      </button>
      {areaTool && (
        <button type="button" className="panel-action" aria-pressed={areaTool.isOn} onClick={areaTool.onToggle}>
          Area
        </button>
      )}
      <span className="pdf-page-number" aria-live="polite">
        Page {page} / {pageCount}
      </span>
    </div>
  );
}
