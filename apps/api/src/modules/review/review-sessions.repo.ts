import { and, count, eq, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Db, Tx } from '../../db/client';
import { chatSessions } from '../../db/schema';

/** Advisory-lock namespace of one user's review-session creations; the user id is the second key. */
const REVIEW_SESSIONS_LOCK = ADVISORY_LOCKS.reviewSessions;

/** Serialises one user's review-session creations until the transaction ends, so a quota check cannot race. */
export async function lockUserReviewSessions(tx: Db | Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REVIEW_SESSIONS_LOCK}, ${userId})`);
}

export async function countReviewSessions(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatSessions)
    .where(and(eq(chatSessions.userId, userId), eq(chatSessions.kind, 'review')));
  return row?.n ?? 0;
}
