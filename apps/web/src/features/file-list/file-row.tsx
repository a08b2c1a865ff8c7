import { NO_LONGER_SHARED_FILENAME, type TAnnotationCount, type TFolderFile } from '@paperbench/contract';
import { useEffect, useState } from 'react';
import { MarkCountBadges } from '../annotations/panel-mark-counts';
import { Icon } from '../ui/icons';
import { SmallIconButton } from '../ui/small-icon-button';
import { FileTextStatus } from './file-text-status';
import { AttachPdfButton } from './import/attach-pdf-button';
import { useFileTextStatus } from './use-file-text-status';

type TFileRowProps = {
  file: TFolderFile;
  onOpen: (file: TFolderFile) => void;
  onSelect: (file: TFolderFile, selected: boolean) => void;
  onRemove: (file: TFolderFile) => void;
  /** docs/security.md#taking-things-back: shown on uploads only (the server refuses anyone but the uploader with 404). */
  onDeleteUpload?: (file: TFolderFile) => void;
  /** The paper's marks and unread in their threads (docs/annotations.md#the-annotations-panel), asked once per folder. */
  markCount?: TAnnotationCount;
};

/** requirements §2 File row: filename, a select toggle (checkbox) and remove; clicking the row opens its PDF. */
export function FileRow({ file, onOpen, onSelect, onRemove, onDeleteUpload, markCount }: TFileRowProps) {
  // docs/ai.md#full-text-and-passages: the row says, discreetly, where the paper's text stands.
  const textStatus = useFileTextStatus(file);
  // requirements §4 Selection: the toggle answers the click at once. The cache's optimistic edit reaches this
  // row a task later (TanStack Query batches its notifications), by which time React has already
  // reset a controlled checkbox to the old value; the row shows the click, then follows the cache.
  const [isChecked, setChecked] = useState(file.selected);
  useEffect(() => setChecked(file.selected), [file.selected]);
  // docs/collaboration.md#uploads: a paper no longer shared with the user keeps its row, muted, with
  // no title, PDF or selection; removing it is all that works.
  if (file.unavailable) {
    return (
      <li className="file-row is-unavailable">
        <span className="file-unavailable-mark" aria-hidden="true" />
        <span className="file-unavailable" title="The uploader no longer shares this paper with you">
          {NO_LONGER_SHARED_FILENAME}
        </span>
        <button
          type="button"
          className="icon-button icon-button-small"
          aria-label="Remove"
          title="Remove from folder"
          onClick={() => onRemove(file)}
        >
          <Icon name="close" size={14} />
        </button>
      </li>
    );
  }
  return (
    <li
      className={['file-row', textStatus && 'has-text-status', file.no_pdf && 'has-no-pdf'].filter(Boolean).join(' ')}
    >
      <input
        type="checkbox"
        className="file-select"
        aria-label={`Select ${file.filename}`}
        checked={isChecked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onSelect(file, event.target.checked);
        }}
      />
      <button
        type="button"
        className="file-open"
        title={file.paper_URL ? `Open ${file.filename}` : file.no_pdf ? 'No PDF yet' : 'This paper has no PDF'}
        disabled={!file.paper_URL}
        onClick={() => onOpen(file)}
      >
        {file.filename}
      </button>
      <MarkCountBadges count={markCount} />
      {onDeleteUpload && file.platform === 'upload' && (
        <SmallIconButton
          label={`Delete upload ${file.filename}`}
          icon="trash"
          title="Delete upload (for good, from every folder)"
          onClick={() => onDeleteUpload(file)}
        />
      )}
      <SmallIconButton
        label={`Remove ${file.filename}`}
        icon="close"
        title="Remove from folder"
        onClick={() => onRemove(file)}
      />
      {textStatus && <FileTextStatus status={textStatus} />}
      {/* docs/import-export.md: an imported entry with no PDF yet; its owner attaches one. */}
      {file.no_pdf && <AttachPdfButton file={file} />}
    </li>
  );
}
