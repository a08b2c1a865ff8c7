import { useEffect, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { importNoticeText, undoneNoticeText } from '../../lib/share-import';
import { Icon } from '../ui/icons';
import { useUndoImportMutation } from './api';
import { type TImportNotice, useImportNotice } from './import-notice-state';
import './sharing.css';

/** How long the notice stays, unless hovered or focused (then it waits: Undo must stay reachable). */
export const IMPORT_NOTICE_MS = 12_000;
/** How long "Undone: …" stays. A failed Undo stays until closed. */
export const UNDONE_NOTICE_MS = 5_000;

/** What a finished shared-list import did, shown on home (role status); none when there is nothing to tell. */
export function ImportNotice() {
  const { notice, dismiss } = useImportNotice();
  if (!notice) return null;
  return <ImportNoticeToast key={notice.id} notice={notice} onDismiss={dismiss} />;
}

function ImportNoticeToast({ notice, onDismiss }: { notice: TImportNotice; onDismiss: () => void }) {
  const { result } = notice;
  const undo = useUndoImportMutation();
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const phase = undo.isPending ? 'undoing' : undo.isSuccess ? 'undone' : undo.isError ? 'failed' : 'told';

  useEffect(() => {
    if (isHovered || isFocused || phase === 'undoing' || phase === 'failed') return undefined;
    const timer = window.setTimeout(onDismiss, phase === 'undone' ? UNDONE_NOTICE_MS : IMPORT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [isHovered, isFocused, phase, onDismiss]);

  const text =
    phase === 'undone'
      ? undoneNoticeText(undo.data ?? 0)
      : phase === 'failed'
        ? `Undo failed: ${parseApiError(undo.error).message}`
        : importNoticeText(result);
  // Undo takes back exactly the papers this import attached. After a Replace the files it cleared are
  // gone for good (the server keeps no copy), so Undo cannot restore them: it removes what was attached.
  const canUndo = result.attached_papers.length > 0 && (phase === 'told' || phase === 'undoing');

  return (
    <div
      className="import-notice"
      data-tone={phase === 'failed' ? 'danger' : 'success'}
      role="status"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <span className="import-notice-icon" aria-hidden="true">
        <Icon name={phase === 'failed' ? 'close' : 'check'} size={14} />
      </span>
      <p className="import-notice-text">{text}</p>
      <span className="import-notice-actions">
        {canUndo && (
          <button
            type="button"
            className="import-notice-undo"
            title={
              notice.mode === 'replace'
                ? 'Remove the papers just added (the files Replace cleared cannot be brought back)'
                : 'Remove the papers just added'
            }
            disabled={phase === 'undoing'}
            onClick={() => undo.mutate(result)}
          >
            Undo
          </button>
        )}
        <button type="button" className="import-notice-close" aria-label="Dismiss" title="Dismiss" onClick={onDismiss}>
          <Icon name="close" size={16} />
        </button>
      </span>
    </div>
  );
}
