import type { TPaper } from '@paperbench/contract';
import { Link } from 'react-router';
import { paperDetailPath } from '../../lib/app-paths';
import { pdfUrlOf } from '../../lib/paper-urls';
import { useFoldersPicker } from '../folders-picker/folders-picker-context';
import { useRecordPaperClickMutation } from '../papers/api';
import { useOpenablePdfUrl } from '../pdf-viewer/use-openable-pdf-url';

/** spec §2 Paper card actions: PDF, Details, Add to File List. */
export function PaperActions({ paper }: { paper: TPaper }) {
  // An uploaded paper's PDF opens through a signed short-lived URL (docs/security.md#sessions); others as they are.
  const pdfUrl = useOpenablePdfUrl(pdfUrlOf(paper));
  const { openAddToFolders } = useFoldersPicker();
  const recordClick = useRecordPaperClickMutation();
  return (
    <div className="paper-actions">
      {pdfUrl && (
        <a
          className="button button-small"
          href={pdfUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => recordClick.mutate(paper)}
        >
          PDF
        </a>
      )}
      <Link className="button button-small" to={paperDetailPath(paper)} onClick={() => recordClick.mutate(paper)}>
        Details
      </Link>
      {/* spec §2: opens the add-to-folders modal for this paper. */}
      <button
        type="button"
        className="button button-small button-accent-soft"
        onClick={() => openAddToFolders({ paper_id: paper.paper_id, platform: paper.platform })}
      >
        Add to File List
      </button>
    </div>
  );
}
