import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { digestDeliveries, subscriptions, topics } from '../../db/schema';
import { hashUserToken } from '../../lib/user-token';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type DeliveryRow = typeof digestDeliveries.$inferSelect;

export async function selectSubscription(db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** Locks the caller's row for a read-modify-write, so two concurrent updates do not both mail. */
export async function selectSubscriptionForUpdate(db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  return row;
}

export async function selectLastDelivery(db: Db, subscriptionId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(digestDeliveries)
    .where(eq(digestDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(digestDeliveries.claimedAt))
    .limit(1);
  return row;
}

/** The caller's followed topics, in the order followed. */
export async function selectFollowedTopics(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ topic: topics.topic })
    .from(topics)
    .where(eq(topics.userId, userId))
    .orderBy(topics.createdAt, topics.id);
  return rows.map((row) => row.topic);
}

export async function upsertSubscription(
  db: Db,
  userId: number,
  values: Partial<Omit<SubscriptionRow, 'id' | 'userId' | 'createdAt'>> &
    Pick<SubscriptionRow, 'email' | 'frequency' | 'topics' | 'unsubscribeTokenHash'>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('subscription upsert returned no row');
  return row;
}

export async function markConfirmationSent(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ confirmationSentAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

export async function deleteSubscription(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .delete(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** Double opt-in: the token works once (its hash is cleared), and only while the subscription is pending. */
export async function confirmByToken(db: Db, token: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ status: 'active', confirmedAt: sql`now()`, confirmTokenHash: null, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.confirmTokenHash, hashUserToken(token)), eq(subscriptions.status, 'pending')))
    .returning();
  return row;
}

/**
 * Idempotent: a second click (or a mail client's retry) keeps the first unsubscribe time. The token is
 * the confirmation mail's or any digest mail's.
 */
export async function unsubscribeByToken(db: Db, token: string): Promise<SubscriptionRow | undefined> {
  const hash = hashUserToken(token);
  const [row] = await db
    .update(subscriptions)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`coalesce(${subscriptions.unsubscribedAt}, now())`,
      confirmTokenHash: null,
      updatedAt: sql`now()`,
    })
    .where(
      or(
        eq(subscriptions.unsubscribeTokenHash, hash),
        inArray(
          subscriptions.id,
          db
            .select({ id: digestDeliveries.subscriptionId })
            .from(digestDeliveries)
            .where(eq(digestDeliveries.unsubscribeTokenHash, hash)),
        ),
      ),
    )
    .returning();
  return row;
}
