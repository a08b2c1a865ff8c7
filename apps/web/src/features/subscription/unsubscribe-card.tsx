import { Link } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { Icon } from '../ui/icons';
import { useUnsubscribeByTokenMutation } from './api';

/**
 * /subscription?unsubscribe=<token>, the visible link of every mail. It asks for one click instead of
 * unsubscribing on load, since mail scanners open links (RFC 8058 has them POST for the same reason).
 */
export function UnsubscribeCard({ token }: { token: string }) {
  const unsubscribe = useUnsubscribeByTokenMutation();

  if (unsubscribe.isSuccess) {
    return (
      <section className="form-card state-card" data-tone="success" role="status">
        <span className="state-card-icon">
          <Icon name="check" size={20} />
        </span>
        <div className="state-card-body">
          <h2>You are unsubscribed</h2>
          <p>
            No more digests go to <strong>{unsubscribe.data}</strong>.
          </p>
          <div className="form-actions">
            <Link className="button" to="/subscription" replace>
              Manage your subscription
            </Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="form-card state-card" data-tone={unsubscribe.isError ? 'danger' : 'muted'}>
      <span className="state-card-icon">
        <Icon name="mail" size={20} />
      </span>
      <div className="state-card-body">
        <h2>Unsubscribe from Paperbench digests?</h2>
        <p>One click and no more digests go to this address.</p>
        {unsubscribe.isError && (
          <p className="form-alert" role="alert">
            {parseApiError(unsubscribe.error).message}
          </p>
        )}
        <div className="form-actions">
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
        </div>
      </div>
    </section>
  );
}
