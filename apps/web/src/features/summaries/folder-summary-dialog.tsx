import type { TCitedPassage, TFolder } from '@paperbench/contract';
import { parseApiError } from '../../api/parse-api-error';
import { useCitationOpener } from '../chat/use-citation-opener';
import { Modal } from '../ui/modal';
import { useFolderSummaryQuery, useRegenerateFolderSummaryMutation } from './api';
import { CitedSummary } from './cited-summary';
import './folder-summary-dialog.css';

export const STALE_SUMMARY_NOTE = "This folder's papers have changed since this summary was written.";
/** docs/ai.md#summaries: offline, a summary is the papers' own sentences, so regenerating repeats it. */
export const OFFLINE_REGENERATE_NOTE =
  "Without an AI model this summary is made of the papers' own sentences: regenerating gives the same text until the folder's papers change.";

/**
 * A folder's cited overview (docs/ai.md#summaries), opened from its folder block: the cached summary,
 * marked when the folder changed since, with Regenerate. `[n]` opens the cited paper's PDF at that
 * page, as chat's citations do, closing the dialog first so the viewer is not behind it.
 */
export function FolderSummaryDialog({ folder, onClose }: { folder: TFolder; onClose: () => void }) {
  const summary = useFolderSummaryQuery(folder.id);
  const regenerate = useRegenerateFolderSummaryMutation(folder.id);
  const openPdf = useCitationOpener();
  const opener = (passage: TCitedPassage) => {
    const open = openPdf(passage);
    return open
      ? () => {
          onClose();
          open();
        }
      : null;
  };
  const failure = regenerate.error ?? summary.error;
  const isBusy = summary.isLoading || regenerate.isPending;
  const data = regenerate.isPending ? undefined : summary.data;
  const repeatsOffline = data?.source === 'extractive' && !data.stale && data.summary !== '';

  return (
    <Modal title={`Summary of ${folder.name}`} onClose={onClose} size="wider">
      <div className="folder-summary" aria-busy={isBusy}>
        {isBusy && (
          <p className="folder-summary-pending" role="status">
            Summarising the papers of this folder…
          </p>
        )}
        {failure && !isBusy && (
          <p className="folder-summary-failure" role="alert">
            The summary could not be written: {parseApiError(failure).message}
          </p>
        )}
        {data?.stale && <p className="folder-summary-stale">{STALE_SUMMARY_NOTE}</p>}
        {data &&
          (data.summary === '' ? (
            <p className="folder-summary-empty">This folder has no papers to summarise yet.</p>
          ) : (
            <CitedSummary
              text={data.summary}
              source={data.source}
              passages={data.passages}
              citations={data.citations}
              abstained={data.abstained}
              opener={opener}
            />
          ))}
        {repeatsOffline && (
          <p className="folder-summary-offline" id="folder-summary-offline-note">
            {OFFLINE_REGENERATE_NOTE}
          </p>
        )}
      </div>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={isBusy}
          aria-describedby={repeatsOffline ? 'folder-summary-offline-note' : undefined}
          onClick={() => (summary.error && !summary.data ? summary.refetch() : regenerate.mutate())}
        >
          {summary.error && !summary.data ? 'Retry' : 'Regenerate'}
        </button>
      </div>
    </Modal>
  );
}
