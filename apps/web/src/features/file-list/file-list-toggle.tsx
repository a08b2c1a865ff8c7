import { distinctFiles } from '../../lib/paper-refs';
import { useFoldersQuery, useInvalidateOnPaperAttached } from '../library/api';
import { useFileListPanel } from './file-list-panel-state';

/** requirements §2: the File List toggle, with a badge carrying the file count when it is above 0. */
export function FileListToggle() {
  const { isOpen, toggle } = useFileListPanel();
  // The file count is of distinct papers across folders; while the folders are missing or failing, 0.
  const { data: folders } = useFoldersQuery();
  const fileCount = folders ? distinctFiles(folders).length : 0;
  // The toggle is always mounted: it keeps the badge (and the library's queries) fresh after attachments.
  useInvalidateOnPaperAttached();
  return (
    <button
      type="button"
      className="button file-list-toggle"
      aria-expanded={isOpen}
      aria-controls={isOpen ? 'file-list-panel' : undefined}
      aria-label={fileCount > 0 ? `File List, ${fileCount} ${fileCount === 1 ? 'file' : 'files'}` : 'File List'}
      onClick={toggle}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path
          d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.6l2 2h8.4A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
        />
      </svg>
      <span className="file-list-toggle-label">File List</span>
      {fileCount > 0 && (
        <span className="badge" aria-hidden="true">
          {fileCount}
        </span>
      )}
    </button>
  );
}
