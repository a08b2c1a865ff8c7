import type { TToken } from '@paperbench/contract';
import { parseApiError } from '../../api/parse-api-error';
import { Modal } from '../ui/modal';
import { useRevokeTokenMutation } from './api';

/** "Revoke token": asked first, since every program holding the secret stops working at once. */
export function RevokeTokenDialog({
  token,
  onClose,
  onRevoked,
}: {
  token: TToken;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const revoke = useRevokeTokenMutation();
  const closeUnlessBusy = () => {
    if (!revoke.isPending) onClose();
  };
  return (
    <Modal title="Revoke token" onClose={closeUnlessBusy} className="token-revoke-modal">
      <p className="token-revoke-text">
        Every program using <strong>{token.name}</strong> stops working at once: its next call is refused. This cannot
        be undone; create a new token to give a program access again.
      </p>
      {revoke.isError && (
        <p className="form-alert" role="alert">
          The token was not revoked: {parseApiError(revoke.error).message}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={closeUnlessBusy} disabled={revoke.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="button token-revoke-button"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(token, { onSuccess: onRevoked })}
        >
          {revoke.isPending ? 'Revoking…' : 'Revoke'}
        </button>
      </div>
    </Modal>
  );
}
