import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt'>;

/** Serialises one user's sends, so two at once cannot both pass the rate limit (released at commit). */
export async function lockUserContact(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('contact'), ${userId})`);
}

/** The user's messages within the last `windowMs`, and when the oldest of them was sent. */
export async function countRecentMessages(db: Db, userId: number, windowMs: number) {
  const [row] = await db
    .select({ n: count(), oldest: min(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.userId, userId),
        gt(contactMessages.createdAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
      ),
    );
  return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
}

export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned no row');
  return row.id;
}

export async function recordMailOutcome(db: Db, id: number, outcome: { error: string | null }): Promise<void> {
  await db
    .update(contactMessages)
    .set(outcome.error ? { mailError: outcome.error } : { mailedAt: sql`now()`, mailError: null })
    .where(eq(contactMessages.id, id));
}
