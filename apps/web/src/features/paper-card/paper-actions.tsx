import type { TPaper } from '@paperbench/contract';
import { Link } from 'react-router';
import { paperDetailPath } from '../../lib/app-paths';
import { pdfUrlOf } from '../../lib/paper-urls';
import { viewerPdfUrl } from '../../lib/pdf-source';
import { useFileListPanel } from '../file-list/file-list-panel-state';
import { AddToFileListButton } from '../folders-picker/add-to-file-list-button';
import { useRecordPaperClickMutation } from '../papers/api';

/**
 * requirements §2 Paper card actions: PDF, Details, Add to File List. PDF opens the in-app viewer (requirements §4: opening
 * a PDF forces the panel open), as a File List row does, never the raw URL: an upload's path answers 401
 * without X-User-ID, a signed URL would sit in the page, and the viewer says why a remote PDF failed.
 */
export function PaperActions({ paper }: { paper: TPaper }) {
  const { openPdf } = useFileListPanel();
  const viewerUrl = viewerPdfUrl(pdfUrlOf(paper));
  const recordClick = useRecordPaperClickMutation();
  return (
    <div className="paper-actions">
      {viewerUrl && (
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            recordClick.mutate(paper);
            openPdf({
              name: paper.title,
              url: viewerUrl,
              paper: { paper_id: paper.paper_id, platform: paper.platform },
            });
          }}
        >
          PDF
        </button>
      )}
      <Link className="button button-small" to={paperDetailPath(paper)} onClick={() => recordClick.mutate(paper)}>
        Details
      </Link>
      <AddToFileListButton paper={paper} small />
    </div>
  );
}
