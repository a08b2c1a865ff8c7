import { useId, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { DELETE_CONFIRMATION, useDeleteAccountMutation } from '../../features/identity/api';
import { Modal } from '../../features/ui/modal';

/**
 * "Delete my account": the person types the confirmation words before the button works (the request
 * carries them too, contract ZDeleteAccountRequest). On success this browser starts over, anonymous,
 * on the home page.
 */
export function DeleteAccountDialog({ isSignedIn, onClose }: { isSignedIn: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();
  const deletion = useDeleteAccountMutation();
  const isConfirmed = typed.trim().toLowerCase() === DELETE_CONFIRMATION;
  const closeUnlessBusy = () => {
    if (!deletion.isPending) onClose();
  };

  return (
    <Modal title="Delete my account?" onClose={closeUnlessBusy} className="profile-delete-modal">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (isConfirmed) deletion.mutate();
        }}
      >
        <p className="profile-delete-text">
          {isSignedIn
            ? 'This deletes your account and everything the server holds for it: folders, uploads, topics, chats, comments, your digest subscription, and the folders you share. You are signed out on every device.'
            : 'This deletes everything the server holds for this browser: folders, uploads, topics, chats, comments and your digest subscription.'}{' '}
          It cannot be undone; export your data first if you want a copy.
        </p>
        <div className="form-field">
          <label htmlFor={inputId}>
            Type <strong>{DELETE_CONFIRMATION}</strong> to confirm
          </label>
          <input
            id={inputId}
            type="text"
            value={typed}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            onChange={(event) => setTyped(event.target.value)}
          />
          <span id={hintId} className="form-hint">
            The button works once the words match.
          </span>
        </div>
        {deletion.isError && (
          <p className="profile-error" role="alert">
            The account was not deleted: {parseApiError(deletion.error).message}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={closeUnlessBusy} disabled={deletion.isPending}>
            Cancel
          </button>
          <button type="submit" className="button profile-danger-button" disabled={!isConfirmed || deletion.isPending}>
            {deletion.isPending ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
