import type { TFolder } from '@paperbench/contract';
import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { Modal } from '../ui/modal';
import { useSharedFolderQuery, useShareFolderMutation } from './api';
import { SharingSettings } from './sharing-settings';
import './forum.css';

/** requirements §2 Share dialog: its title. */
export const CHOOSE_SHARING_MODE_TITLE = 'Choose the sharing mode';

/** The folder's Sharing dialog once it is shared: GET /api/forum/{id} gives the mode and the members. */
function SharingDialog({ folderId, onClose }: { folderId: number; onClose: () => void }) {
  const query = useSharedFolderQuery(folderId);
  return (
    <Modal title="Sharing" onClose={onClose} size="wide">
      {query.isPending && <p className="muted">Loading…</p>}
      {query.isError && (
        <p className="form-error" role="alert">
          {parseApiError(query.error).message}
        </p>
      )}
      {query.data && <SharingSettings folder={query.data} onLeave={onClose} onStopped={onClose} />}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}

/**
 * requirements §2 / §4 Folder sharing from the File List. A folder not yet shared gets the dialog 'Choose the
 * sharing mode' with Public, Private or Cancel; a successful share fires 'share-folder-success' (in
 * useShareFolderMutation), the folder gets its 'S' badge, and the dialog turns into the Sharing one
 * with the link. A shared folder opens straight into the Sharing dialog.
 */
export function ShareFolderDialog({ folder, onClose }: { folder: TFolder; onClose: () => void }) {
  const share = useShareFolderMutation();
  const [isShared, setIsShared] = useState(folder.type === 'shared');
  const [error, setError] = useState<string | null>(null);

  if (isShared) return <SharingDialog folderId={folder.id} onClose={onClose} />;

  const choose = (isPublic: boolean) => {
    setError(null);
    share.mutateAsync({ folderId: folder.id, isPublic }).then(
      () => setIsShared(true),
      (reason: unknown) => setError(parseApiError(reason).message),
    );
  };

  return (
    <Modal title={CHOOSE_SHARING_MODE_TITLE} onClose={onClose}>
      <p className="share-mode-lead">
        Share <strong>{folder.name}</strong> in the Related Work Forum.
      </p>
      <ul className="share-mode-options">
        <li>
          <strong>Public</strong>: anyone with the link can read its papers and discussion.
        </li>
        <li>
          <strong>Private</strong>: only the people you add can open it.
        </li>
      </ul>
      {error && (
        <p className="form-error" role="alert">
          Sharing failed: {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button" disabled={share.isPending} onClick={() => choose(false)}>
          Private
        </button>
        <button type="button" className="button button-primary" disabled={share.isPending} onClick={() => choose(true)}>
          Public
        </button>
      </div>
    </Modal>
  );
}
