import { useFileListPanel } from './file-list-panel-state';
import './file-list-panel.css';

/**
 * spec §2 File List panel, right-hand side. Folders, uploads and the PDF viewer arrive with the File
 * List issue; the shell and its layout rule (spec §2 Layout) hold already.
 */
export function FileListPanel() {
  const { close } = useFileListPanel();
  return (
    <>
      {/* Drawer backdrop on narrow screens (a pointer shortcut; the close button serves keyboards). */}
      <div className="file-list-backdrop" aria-hidden="true" onClick={close} />
      <aside id="file-list-panel" className="file-list-panel" aria-labelledby="file-list-title">
        <header className="file-list-header">
          <h2 id="file-list-title">File List</h2>
          <button type="button" className="icon-button" aria-label="Close File List" onClick={close}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="file-list-body">
          <p className="muted">
            Folders arrive soon: you will keep papers here, upload PDFs, and pick the papers to chat about.
          </p>
        </div>
      </aside>
    </>
  );
}
