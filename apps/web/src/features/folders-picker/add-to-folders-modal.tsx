import type { TPaperRef } from '@paperbench/contract';
import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { useAddToFoldersMutation, useCreateFolderMutation, useFoldersQuery } from '../library/api';
import { Modal } from '../ui/modal';
import styles from './add-to-folders-modal.module.css';

/**
 * requirements §2 Add-to-folders modal: the user's folders with file counts and checkboxes; Cancel and Add; Add is
 * disabled while nothing is ticked (requirements §5); the backdrop closes it. Add posts the paper to each ticked
 * folder, then fires 'paper-attached' (requirements §4). A user with no folder can make one here.
 */
export function AddToFoldersModal({ paper, onClose }: { paper: TPaperRef; onClose: () => void }) {
  const { data: folders, isPending, isError } = useFoldersQuery({ refetchOnOpen: true });
  const createFolder = useCreateFolderMutation();
  const addToFolders = useAddToFoldersMutation();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const isBusy = createFolder.isPending || addToFolders.isPending;
  // The message is that of the request made last: a new request clears an older one's.
  const latest = addToFolders.submittedAt >= createFolder.submittedAt ? addToFolders : createFolder;

  const toggle = (folderId: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(folderId)) next.delete(folderId);
      else next.add(folderId);
      return next;
    });

  // The new folder is ticked once the folders have been read afresh (it is then in the list).
  const makeFolder = () =>
    createFolder.mutate(undefined, { onSuccess: (folder) => setTicked((current) => new Set(current).add(folder.id)) });

  const add = () => addToFolders.mutate({ folderIds: ticked, paper }, { onSuccess: onClose });

  return (
    <Modal title="Add to folders" onClose={onClose}>
      {isPending && <p className="muted">Loading folders…</p>}
      {isError && <p className="muted">Your folders could not be loaded.</p>}
      {folders && folders.length === 0 && (
        <p className="muted">You have no folders yet. Make one to keep this paper.</p>
      )}
      {folders && folders.length > 0 && (
        <ul className={styles['picker-folders']}>
          {folders.map((folder) => (
            <li key={folder.id}>
              <label className={styles['picker-folder']}>
                <input type="checkbox" checked={ticked.has(folder.id)} onChange={() => toggle(folder.id)} />
                <span className={styles['picker-folder-name']}>{folder.name}</span>
                <span className={styles['picker-folder-count']}>
                  {folder.files.length} {folder.files.length === 1 ? 'file' : 'files'}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {latest.error && (
        <p className={styles['form-error']} role="alert">
          {parseApiError(latest.error).message}
        </p>
      )}
      <div className="modal-actions picker-actions">
        <button
          type="button"
          className={`button button-small ${styles['picker-new']}`}
          disabled={isBusy}
          onClick={makeFolder}
        >
          New folder
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button button-primary" disabled={ticked.size === 0 || isBusy} onClick={add}>
          Add
        </button>
      </div>
    </Modal>
  );
}
