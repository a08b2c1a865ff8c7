import type { TPaper } from '@paperbench/contract';
import { Link } from 'react-router';
import { paperDetailPath } from '../../lib/app-paths';
import { pdfUrlOf } from '../../lib/paper-urls';
import { useFileListPanel } from '../file-list/file-list-panel-state';
import { recordPaperClick } from './record-paper-click';

/** spec §2 Paper card actions: PDF, Details, Add to File List. */
export function PaperActions({ paper }: { paper: TPaper }) {
  const pdfUrl = pdfUrlOf(paper);
  const { open: openFileList } = useFileListPanel();
  return (
    <div className="paper-actions">
      {pdfUrl && (
        <a
          className="button button-small"
          href={pdfUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => recordPaperClick(paper)}
        >
          PDF
        </a>
      )}
      <Link className="button button-small" to={paperDetailPath(paper)} onClick={() => recordPaperClick(paper)}>
        Details
      </Link>
      {/* The add-to-folders modal (spec §2) arrives with folders; until then this opens the File List. */}
      <button type="button" className="button button-small button-accent-soft" onClick={openFileList}>
        Add to File List
      </button>
    </div>
  );
}
