import type { TAnnotation, TPaperRef } from '@paperbench/contract';
import { useMemo, useRef, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { useForumListQuery } from '../forum/api';
import { useAnnotationsQuery } from './api';
import { ANNOTATION_EXPORTS, useExportAnnotationsMutation } from './panel-export';
import { PanelFilterBar } from './panel-filter-bar';
import { groupByPage, matchesFilters, NO_FILTERS } from './panel-filters';
import { PanelMark } from './panel-mark';
import { useScrollToMark } from './panel-scroll-to-mark';
import './panel.css';

export const NO_MARKS_TEXT = 'No marks yet: select text on a page to highlight it.';
export const NO_MATCHES_TEXT = 'No marks match these filters.';

/** Export Markdown / Export W3C JSON (docs/annotations.md#export), and why a download failed. */
function ExportButtons({ paper }: { paper: TPaperRef }) {
  const exporter = useExportAnnotationsMutation();
  return (
    <div className="annotations-panel-exports">
      {ANNOTATION_EXPORTS.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          className="button button-small"
          disabled={exporter.isPending}
          onClick={() => exporter.mutate({ paper, format })}
        >
          {label}
        </button>
      ))}
      {exporter.isError && (
        <p className="comment-error" role="alert">
          The export failed: {parseApiError(exporter.error).message}
        </p>
      )}
    </div>
  );
}

/** The marks that pass the filters, under a "Page N" heading per page. */
function MarksByPage({ marks, onGoTo }: { marks: TAnnotation[]; onGoTo: (mark: TAnnotation) => void }) {
  const folders = useForumListQuery().data ?? [];
  return (
    <ol className="annotations-panel-pages">
      {groupByPage(marks).map(([page, onPage]) => (
        <li key={page} className="annotations-panel-page">
          <h3 className="annotations-panel-page-title">Page {page}</h3>
          <ul className="annotations-panel-marks" aria-label={`Marks on page ${page}`}>
            {onPage.map((mark) => (
              <PanelMark key={mark.id} mark={mark} folders={folders} onGoTo={onGoTo} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/**
 * The Annotations panel beside the PDF (docs/annotations.md#the-annotations-panel): the paper's marks that
 * the caller sees, by page, filtered by colour, author and a search of notes and quotes; a click on one
 * takes the viewer to it; export; sharing and threads per mark.
 */
export function AnnotationsPanel({ paper }: { paper: TPaperRef }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const goTo = useScrollToMark(rootRef);
  const query = useAnnotationsQuery(paper);
  const [filters, setFilters] = useState(NO_FILTERS);
  const marks = query.data ?? [];
  const shown = useMemo(
    () => (query.data ?? []).filter((mark) => matchesFilters(mark, filters)),
    [query.data, filters],
  );
  return (
    <div ref={rootRef} className="annotations-panel-body">
      <h2 className="annotations-panel-title">
        Annotations
        {query.data && <span className="annotations-panel-total"> ({marks.length})</span>}
      </h2>
      <ExportButtons paper={paper} />
      {marks.length > 0 && <PanelFilterBar marks={marks} filters={filters} onChange={setFilters} />}
      {query.isPending && <p className="muted">Loading marks…</p>}
      {query.isError && (
        <p className="comment-error" role="alert">
          The marks could not be loaded: {parseApiError(query.error).message}
        </p>
      )}
      {query.data && marks.length === 0 && <p className="muted annotations-panel-empty">{NO_MARKS_TEXT}</p>}
      {marks.length > 0 && shown.length === 0 && <p className="muted annotations-panel-empty">{NO_MATCHES_TEXT}</p>}
      {shown.length > 0 && <MarksByPage marks={shown} onGoTo={goTo} />}
    </div>
  );
}
