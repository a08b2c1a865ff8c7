import { Icon, type TIconName } from '../ui/icons';
import { MAX_SCALE, MIN_SCALE } from './pdf-texts';

type TToggle = { isOn: boolean; onToggle: () => void };

type TPdfToolbarProps = {
  page: number;
  pageCount: number;
  scale: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
  /** The left sidebar (outline and page thumbnails), the find bar and dark pages (docs/reading.md). */
  outline: TToggle;
  find: TToggle;
  darkPages: TToggle;
  /** The area tool (docs/annotations.md#in-the-reader), offered when the paper is known. */
  areaTool?: TToggle;
};

function ToggleButton({
  label,
  icon,
  toggle,
  controls,
}: {
  label: string;
  icon: TIconName;
  toggle: TToggle;
  controls?: string;
}) {
  return (
    <button
      type="button"
      className="pdf-tool-toggle"
      aria-pressed={toggle.isOn}
      aria-controls={toggle.isOn ? controls : undefined}
      onClick={toggle.onToggle}
    >
      <Icon name={icon} size={16} />
      <span className="pdf-tool-label">{label}</span>
    </button>
  );
}

/** The viewer's toolbar ("PDF tools"): the sidebar, find and dark pages toggles, zoom, and 'Page N / M'. */
export function PdfToolbar({
  page,
  pageCount,
  scale,
  onZoomIn,
  onZoomOut,
  onFitWidth,
  outline,
  find,
  darkPages,
  areaTool,
}: TPdfToolbarProps) {
  return (
    <div className="pdf-toolbar" role="toolbar" aria-label="PDF tools">
      <ToggleButton label="Outline" icon="outline" toggle={outline} controls="pdf-sidebar" />
      <ToggleButton label="Find" icon="find" toggle={find} />
      <ToggleButton label="Dark pages" icon="moon" toggle={darkPages} />
      {areaTool && <ToggleButton label="Area" icon="area" toggle={areaTool} />}
      <span className="pdf-toolbar-gap" />
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
      <button type="button" className="icon-button" aria-label="Fit width" title="Fit width" onClick={onFitWidth}>
        <Icon name="fitWidth" size={17} />
      </button>
      <span className="pdf-page-number" aria-live="polite">
        Page {page} / {pageCount}
      </span>
    </div>
  );
}
