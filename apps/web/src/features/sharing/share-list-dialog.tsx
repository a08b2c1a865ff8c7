import type { TPaperRef } from '@paperbench/contract';
import { useId, useRef } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { Modal } from '../ui/modal';
import { useCopyToClipboard } from '../ui/use-copy-to-clipboard';
import { useRevokeShareMutation } from './api';
import './sharing.css';

/** requirements §5: what Share list says when there is nothing to share (an in-app message now, not an alert). */
export const NO_FILES_TO_SHARE = 'No files to share';

/** The link a share id opens (requirements §4: /share/{share_id}). */
export function shareLinkOf(shareId: string): string {
  return `${window.location.origin}/share/${shareId}`;
}

type TShareListDialogProps = {
  /** The papers sent (none: the dialog says 'No files to share'). */
  files: readonly TPaperRef[];
  /** The new link's id once POST /api/share answered; null while it is being made or when it failed. */
  shareId: string | null;
  /** Why the link could not be made, if it could not. */
  error: unknown;
  onClose: () => void;
};

/**
 * requirements §4 Share list, in the app instead of an alert: the link in a read-only field with Copy (the
 * clipboard; when refused, the text is selected for the user to copy), and Revoke link (DELETE
 * /api/share/{id}: the link answers 404 from then on).
 */
export function ShareListDialog({ files, shareId, error, onClose }: TShareListDialogProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { copyState, copy } = useCopyToClipboard(inputRef);
  const revoke = useRevokeShareMutation();
  const isRevoked = revoke.isSuccess;
  const uploads = files.filter((file) => file.platform === 'upload').length;

  const closeButton = (
    <button type="button" className="button" onClick={onClose}>
      Close
    </button>
  );

  if (files.length === 0) {
    return (
      <Modal title="Share list" onClose={onClose}>
        <p className="share-list-lead">{NO_FILES_TO_SHARE}</p>
        <p className="muted share-list-note">Add papers to your File List first, then share them by link.</p>
        <div className="modal-actions">{closeButton}</div>
      </Modal>
    );
  }

  const link = shareId ? shareLinkOf(shareId) : '';
  const count = files.length === 1 ? '1 paper' : `${files.length} papers`;
  const feedback = isRevoked
    ? 'Link revoked. It no longer opens your list.'
    : copyState === 'copied'
      ? 'Copied'
      : copyState === 'refused'
        ? 'Could not copy: the link is selected, press Ctrl+C (⌘C on a Mac).'
        : '';

  return (
    <Modal title="Share list" onClose={onClose}>
      <p className="share-list-lead">
        Anyone with this link can add your {count} to their File List.
        {uploads > 0 && (
          <span className="muted"> Your uploads stay private: only people who can already read them get them.</span>
        )}
      </p>
      {error ? (
        <p className="share-list-error" role="alert">
          The link could not be made: {parseApiError(error).message}
        </p>
      ) : (
        <>
          <label htmlFor={inputId} className="share-list-label">
            Link to your list
          </label>
          <div className="share-list-link-row">
            <input
              ref={inputRef}
              id={inputId}
              className={isRevoked ? 'share-list-input is-revoked' : 'share-list-input'}
              readOnly
              value={shareId ? link : 'Making the link…'}
              aria-busy={!shareId}
              disabled={!shareId || isRevoked}
              onFocus={(event) => event.target.select()}
            />
            <button
              type="button"
              className="button button-small button-primary"
              disabled={!shareId || isRevoked}
              onClick={() => void copy(link)}
            >
              Copy
            </button>
          </div>
          <p className="share-list-feedback" data-tone={isRevoked ? 'muted' : 'success'} role="status">
            {feedback}
          </p>
          {revoke.isError && (
            <p className="share-list-error" role="alert">
              The link could not be revoked: {parseApiError(revoke.error).message}
            </p>
          )}
        </>
      )}
      <div className="modal-actions share-list-actions">
        {shareId && !isRevoked && (
          <button
            type="button"
            className="button share-list-revoke"
            title="The link stops working; papers already imported from it stay with whoever imported them"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(shareId)}
          >
            Revoke link
          </button>
        )}
        {closeButton}
      </div>
    </Modal>
  );
}
