import type { TSubscription } from '@paperbench/contract';
import { parseApiError } from '../../api/parse-api-error';
import { StateCard } from '../form-card/state-card';
import { useDeleteSubscriptionMutation, useResendConfirmationMutation } from './api';
import styles from './subscription.module.css';

type TStatusProps = {
  subscription: TSubscription;
  onEdit: () => void;
};

const formatTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const topicPhrase = (topics: readonly string[]) => (topics.length === 0 ? 'every topic you follow' : topics.join(', '));

function lastDigestLine(subscription: TSubscription): string {
  const last = subscription.last_digest;
  if (!last) return 'The first digest goes out with the next daily run.';
  if (last.status === 'sent') return `Last digest: ${formatTime(last.at)}, ${last.paper_count ?? 0} papers.`;
  if (last.status === 'skipped') return `Last run: ${formatTime(last.at)}, nothing new, so no mail.`;
  if (last.status === 'failed')
    return `The last digest could not be delivered (${formatTime(last.at)}); it is retried.`;
  return 'A digest is being sent.';
}

/** Where the subscription stands (pending: check your inbox; active; unsubscribed) and what can be done. */
export function SubscriptionStatus({ subscription, onEdit }: TStatusProps) {
  const resendLink = useResendConfirmationMutation();
  const forget = useDeleteSubscriptionMutation();
  const isBusy = resendLink.isPending || forget.isPending;
  const failure = resendLink.error ?? forget.error;
  // Each action's outcome replaces the other's.
  const resend = () => {
    forget.reset();
    resendLink.mutate();
  };
  const remove = () => {
    resendLink.reset();
    forget.mutate();
  };

  const feedback = (
    <>
      {resendLink.isSuccess && (
        <p className={styles['status-notice']} role="status">
          A new link is on its way; the previous one no longer works.
        </p>
      )}
      {failure && (
        <p className="form-alert" role="alert">
          {parseApiError(failure).message}
        </p>
      )}
    </>
  );
  const email = <strong>{subscription.email}</strong>;
  const changeButton = (
    <button type="button" className="button" disabled={isBusy} onClick={onEdit}>
      Change
    </button>
  );
  /** Every state can drop the address; only the wording differs. */
  const forgetButton = (label: string) => (
    <button type="button" className="link-button" disabled={isBusy} onClick={remove}>
      {label}
    </button>
  );

  if (subscription.status === 'pending') {
    return (
      <StateCard
        label="Subscription status"
        icon="mail"
        title="Check your inbox"
        actions={
          <>
            <button type="button" className="button button-primary" disabled={isBusy} onClick={resend}>
              Resend the link
            </button>
            {changeButton}
            {forgetButton('Cancel and forget my address')}
          </>
        }
      >
        <p>
          {subscription.confirmation_sent_at ? 'We sent a confirmation link to ' : 'We could not mail the link to '}
          {email}. Your {subscription.frequency} digest starts once you follow it.
        </p>
        {subscription.confirmation_sent_at && (
          <p className={`muted ${styles['status-meta']}`}>
            Sent {formatTime(subscription.confirmation_sent_at)}. No mail? Check spam, or resend.
          </p>
        )}
        {feedback}
      </StateCard>
    );
  }

  if (subscription.status === 'active') {
    return (
      <StateCard
        label="Subscription status"
        icon="check"
        tone="success"
        title="You are subscribed"
        actions={
          <>
            {changeButton}
            {forgetButton('Unsubscribe and forget my address')}
          </>
        }
      >
        <p>
          A <strong>{subscription.frequency}</strong> digest of new papers on {topicPhrase(subscription.topics)} goes to{' '}
          {email}.
        </p>
        <p className={`muted ${styles['status-meta']}`}>{lastDigestLine(subscription)}</p>
        {feedback}
      </StateCard>
    );
  }

  return (
    <StateCard
      label="Subscription status"
      icon="mail"
      tone="muted"
      title="Unsubscribed"
      actions={forgetButton('Forget my address')}
    >
      <p>
        No more digests go to {email}
        {subscription.unsubscribed_at ? ` (since ${formatTime(subscription.unsubscribed_at)})` : ''}. Subscribe again
        below whenever you like.
      </p>
      {feedback}
    </StateCard>
  );
}
