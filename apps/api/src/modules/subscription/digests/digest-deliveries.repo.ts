import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { digestDeliveries, subscriptions } from '../../../db/schema';

export interface ClaimOptions {
  /** A 'sending' claim older than this was abandoned (its process died) and may be taken over. */
  leaseMs: number;
  /** A failed delivery is tried again until it has had this many attempts. */
  maxAttempts: number;
}

export interface Claim {
  subscriptionId: number;
  period: string;
  /** Fences the claim: only the holder of this attempt may finish it. */
  attempts: number;
  claimedAt: Date;
}

export const selectActiveSubscriptions = (db: Db) =>
  db.select().from(subscriptions).where(eq(subscriptions.status, 'active')).orderBy(subscriptions.id);

/**
 * Claims (subscription, period) before anything is mailed. The insert is the claim; on conflict the
 * row is taken over only when it failed with attempts left, or its 'sending' claim outlived the lease.
 * A sent or skipped period, or one another sender holds, returns nothing.
 */
export async function claimDelivery(
  db: Db,
  subscriptionId: number,
  period: string,
  unsubscribeTokenHash: string,
  { leaseMs, maxAttempts }: ClaimOptions,
): Promise<Claim | undefined> {
  const [row] = await db
    .insert(digestDeliveries)
    .values({ subscriptionId, period, status: 'sending', unsubscribeTokenHash })
    .onConflictDoUpdate({
      target: [digestDeliveries.subscriptionId, digestDeliveries.period],
      set: {
        status: 'sending',
        attempts: sql`${digestDeliveries.attempts} + 1`,
        claimedAt: sql`now()`,
        unsubscribeTokenHash,
        error: null,
      },
      setWhere: sql`(${digestDeliveries.status} = 'failed' and ${digestDeliveries.attempts} < ${maxAttempts})
        or (${digestDeliveries.status} = 'sending' and ${digestDeliveries.claimedAt} < now() - make_interval(secs => ${leaseMs / 1000}))`,
    })
    .returning({
      subscriptionId: digestDeliveries.subscriptionId,
      period: digestDeliveries.period,
      attempts: digestDeliveries.attempts,
      claimedAt: digestDeliveries.claimedAt,
    });
  return row;
}

export type DeliveryOutcome =
  | { status: 'sent'; messageId: string; paperCount: number }
  | { status: 'skipped' }
  | { status: 'failed'; error: string };

/** Records how a claimed delivery ended; a claim taken over meanwhile (other attempts) is left alone. */
export async function finishDelivery(db: Db, claim: Claim, outcome: DeliveryOutcome): Promise<void> {
  await db
    .update(digestDeliveries)
    .set({
      status: outcome.status,
      sentAt: outcome.status === 'failed' ? null : sql`now()`,
      messageId: outcome.status === 'sent' ? outcome.messageId : null,
      paperCount: outcome.status === 'sent' ? outcome.paperCount : outcome.status === 'skipped' ? 0 : null,
      error: outcome.status === 'failed' ? outcome.error : null,
    })
    .where(
      and(
        eq(digestDeliveries.subscriptionId, claim.subscriptionId),
        eq(digestDeliveries.period, claim.period),
        eq(digestDeliveries.attempts, claim.attempts),
        eq(digestDeliveries.status, 'sending'),
      ),
    );
}

/** When the previous digest (sent or skipped) was cut: the next one starts there, so no paper is missed. */
export async function selectPreviousCut(db: Db, subscriptionId: number, period: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ claimedAt: digestDeliveries.claimedAt })
    .from(digestDeliveries)
    .where(
      and(
        eq(digestDeliveries.subscriptionId, subscriptionId),
        inArray(digestDeliveries.status, ['sent', 'skipped']),
        sql`${digestDeliveries.period} <> ${period}`,
      ),
    )
    .orderBy(desc(digestDeliveries.claimedAt))
    .limit(1);
  return row?.claimedAt;
}
