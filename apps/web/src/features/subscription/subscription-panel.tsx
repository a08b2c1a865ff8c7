import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { Icon } from '../ui/icons';
import { useSubscriptionQuery } from './api';
import { useConfirmFromLink } from './mail-link-action';
import styles from './subscription.module.css';
import { SubscriptionForm } from './subscription-form';
import { SubscriptionStatus } from './subscription-status';

function ConfirmOutcome({ outcome }: { outcome: NonNullable<ReturnType<typeof useConfirmFromLink>> }) {
  if (outcome.kind === 'confirming') return <p className={styles['status-banner']}>Confirming your address…</p>;
  if (outcome.kind === 'confirmed') {
    return (
      <p className={styles['status-banner']} data-tone="success" role="status">
        <Icon name="check" /> Thank you, {outcome.subscription.email} is confirmed. Your digest is on.
      </p>
    );
  }
  return (
    <p className={styles['status-banner']} data-tone="danger" role="alert">
      {outcome.message}
    </p>
  );
}

/** The /subscription page's body: the confirmation from a mailed link, the current state, and the form. */
export function SubscriptionPanel() {
  const subscription = useSubscriptionQuery();
  const [isEditing, setIsEditing] = useState(false);
  const outcome = useConfirmFromLink();

  if (subscription.isPending) {
    return (
      <div className="form-card" aria-busy="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton" />
        <div className="skeleton skeleton-short" />
      </div>
    );
  }
  if (subscription.isError) {
    return (
      <p className="form-alert" role="alert">
        Your subscription could not be loaded: {parseApiError(subscription.error).message}
      </p>
    );
  }

  const current = subscription.data;
  const hasState = current.status !== 'none';
  const showForm = current.status === 'none' || current.status === 'unsubscribed' || isEditing;
  return (
    <>
      {outcome && <ConfirmOutcome outcome={outcome} />}
      {!current.mail_enabled && (
        <p className={styles['status-banner']} data-tone="muted">
          Email is not set up on this server, so no digests can be sent. Its operator can switch it on by configuring an
          SMTP server.
        </p>
      )}
      {hasState && <SubscriptionStatus subscription={current} onEdit={() => setIsEditing(true)} />}
      {showForm && current.mail_enabled && (
        <SubscriptionForm
          key={`${current.status}:${current.email}`}
          subscription={current}
          onSaved={() => setIsEditing(false)}
          onCancel={isEditing ? () => setIsEditing(false) : undefined}
        />
      )}
    </>
  );
}
