import type { TFolderFile } from '@paperbench/contract';
import type { ReactNode } from 'react';
import { viewerPdfUrl } from '../../lib/pdf-source';
import { useFileListPanel } from '../file-list/file-list-panel-state';
import { AddToFileListButton } from '../folders-picker/add-to-file-list-button';
import { PaperCard } from '../paper-card/paper-card';
import { usePaperQuery } from '../papers/api';
import { Icon } from '../ui/icons';

/** While the paper's record loads, or when it cannot be read (someone's upload): its name, Read and Add. */
function FallbackCard({ file, extraActions }: { file: TFolderFile; extraActions?: ReactNode }) {
  const { openPdf } = useFileListPanel();
  const url = viewerPdfUrl(file.paper_URL);
  return (
    <article className="shared-paper-fallback" aria-label={file.filename}>
      <h3>{file.filename}</h3>
      <div className="paper-actions">
        {url && (
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              openPdf({ name: file.filename, url, paper: { paper_id: file.paper_id, platform: file.platform } })
            }
          >
            PDF
          </button>
        )}
        <AddToFileListButton paper={file} small />
        {extraActions}
      </div>
    </article>
  );
}

/**
 * One paper of a shared folder as the usual paper card (requirements §2 Paper card: PDF, Details, Add to File
 * List), and for editors a Remove action.
 */
export function SharedPaper({ file, onRemove }: { file: TFolderFile; onRemove?: (file: TFolderFile) => void }) {
  const paper = usePaperQuery({ paper_id: file.paper_id, platform: file.platform });
  const removeButton = onRemove && (
    <button
      type="button"
      className="button button-small shared-paper-remove"
      aria-label={`Remove ${file.filename} from this folder`}
      onClick={() => onRemove(file)}
    >
      <Icon name="trash" size={14} />
      Remove from folder
    </button>
  );
  return (
    <li className="shared-paper">
      {paper.data ? (
        <PaperCard paper={paper.data} extraActions={removeButton} />
      ) : (
        <FallbackCard file={file} extraActions={removeButton} />
      )}
    </li>
  );
}
