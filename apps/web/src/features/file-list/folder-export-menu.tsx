import type { TFolder } from '@paperbench/contract';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Icon } from '../ui/icons';
import { useDismiss } from '../ui/use-dismiss';
import { EXPORT_FORMATS, useExportFolderMutation } from './use-export-folder';

/** Said when a download fails (the query client has logged the cause). */
export const EXPORT_FAILED_ALERT = 'Failed to export the folder. Please try again.';

/**
 * The folder's Export action: a button that opens Export BibTeX, RIS, CSL-JSON and Markdown, each
 * downloading the folder's papers in that format, and "Include my notes" (the user's own marks: BibTeX's
 * annote field, the Markdown list's marks; docs/annotations.md#what-marks-feed). Esc or a click outside closes it (a disclosure of buttons, not a
 * menu role: Tab reaches both as it does every other folder action).
 */
export function FolderExportMenu({ folder }: { folder: TFolder }) {
  const [isOpen, setIsOpen] = useState(false);
  const [annote, setAnnote] = useState(false);
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const listId = useId();
  const exportFolder = useExportFolderMutation();
  const close = useCallback(() => setIsOpen(false), []);
  const insideRefs = useMemo(() => [wrapperRef], []);
  useDismiss(isOpen, insideRefs, close);

  return (
    <span className="folder-export" ref={wrapperRef}>
      <button
        type="button"
        className="icon-button icon-button-small"
        aria-label={`Export ${folder.name}`}
        title="Export"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        onClick={() => setIsOpen(!isOpen)}
      >
        <Icon name="download" size={15} />
      </button>
      {isOpen && (
        <span id={listId} className="folder-export-options">
          {EXPORT_FORMATS.map(({ format, label }) => (
            <button
              key={format}
              type="button"
              className="folder-export-option"
              onClick={() => {
                close();
                exportFolder.mutateAsync({ folder, format, annote }).catch(() => window.alert(EXPORT_FAILED_ALERT));
              }}
            >
              {label}
            </button>
          ))}
          <label className="folder-export-notes">
            <input type="checkbox" checked={annote} onChange={(event) => setAnnote(event.target.checked)} />
            Include my notes
          </label>
        </span>
      )}
    </span>
  );
}
