import { Link } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { StateCard } from '../form-card/state-card';
import { useUnsubscribeByTokenMutation } from './api';

/**
 * /subscription?unsubscribe=<token>, the visible link of every mail. It asks for one click instead of
 * unsubscribing on load, since mail scanners open links (RFC 8058 has them POST for the same reason).
 */
export function UnsubscribeCard({ token }: { token: string }) {
  const unsubscribe = useUnsubscribeByTokenMutation();

  if (unsubscribe.isSuccess) {
    return (
      <StateCard
        icon="check"
        tone="success"
        role="status"
        title="You are unsubscribed"
        actions={
          <Link className="button" to="/subscription" replace>
            Manage your subscription
          </Link>
        }
      >
        <p>
          No more digests go to <strong>{unsubscribe.data}</strong>.
        </p>
      </StateCard>
    );
  }

  return (
    <StateCard
      icon="mail"
      tone={unsubscribe.isError ? 'danger' : 'muted'}
      title="Unsubscribe from Paperbench digests?"
      actions={
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
          <Link className="button" to="/subscription" replace>
            Keep my digest
          </Link>
        </>
      }
    >
      <p>One click and no more digests go to this address.</p>
      {unsubscribe.isError && (
        <p className="form-alert" role="alert">
          {parseApiError(unsubscribe.error).message}
        </p>
      )}
    </StateCard>
  );
}
