import type { TFolderFile } from '@paperbench/contract';
import { Icon } from '../ui/icons';

type TFileRowProps = {
  file: TFolderFile;
  onOpen: (file: TFolderFile) => void;
  onSelect: (file: TFolderFile, selected: boolean) => void;
  onRemove: (file: TFolderFile) => void;
};

/** spec §2 File row: filename, a select toggle (checkbox) and remove; clicking the row opens its PDF. */
export function FileRow({ file, onOpen, onSelect, onRemove }: TFileRowProps) {
  return (
    <li className="file-row">
      <input
        type="checkbox"
        className="file-select"
        aria-label={`Select ${file.filename}`}
        checked={file.selected}
        onChange={(event) => onSelect(file, event.target.checked)}
      />
      <button
        type="button"
        className="file-open"
        title={file.paper_URL ? `Open ${file.filename}` : 'This paper has no PDF'}
        disabled={!file.paper_URL}
        onClick={() => onOpen(file)}
      >
        {file.filename}
      </button>
      <button
        type="button"
        className="icon-button icon-button-small"
        aria-label={`Remove ${file.filename}`}
        title="Remove from folder"
        onClick={() => onRemove(file)}
      >
        <Icon name="close" size={14} />
      </button>
    </li>
  );
}
