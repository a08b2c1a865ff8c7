import type { TDigestFrequency, TSubscription, TSubscriptionStatus } from '@paperbench/contract';
import type { DeliveryRow, SubscriptionRow } from './subscription.repo';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The caller's subscription as the page shows it; 'none' when there is no row. */
export function presentSubscription(
  row: SubscriptionRow | undefined,
  lastDelivery: DeliveryRow | undefined,
  mailEnabled: boolean,
): TSubscription {
  if (!row) {
    return {
      status: 'none',
      email: null,
      frequency: null,
      topics: [],
      confirmation_sent_at: null,
      confirmed_at: null,
      unsubscribed_at: null,
      last_digest: null,
      mail_enabled: mailEnabled,
    };
  }
  return {
    status: row.status as TSubscriptionStatus,
    email: row.email,
    frequency: row.frequency as TDigestFrequency,
    topics: row.topics,
    confirmation_sent_at: iso(row.confirmationSentAt),
    confirmed_at: iso(row.confirmedAt),
    unsubscribed_at: iso(row.unsubscribedAt),
    last_digest: lastDelivery
      ? {
          period: lastDelivery.period,
          status: lastDelivery.status,
          paper_count: lastDelivery.paperCount,
          at: (lastDelivery.sentAt ?? lastDelivery.claimedAt).toISOString(),
        }
      : null,
    mail_enabled: mailEnabled,
  };
}
