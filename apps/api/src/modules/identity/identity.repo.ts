import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashUserToken } from '../../lib/user-token';

export async function insertUser(db: Db, token: string): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ tokenHash: hashUserToken(token) })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

export interface SessionRow {
  id: number;
  lastSeenAt: Date;
  revokedAt: Date | null;
}

export async function findSessionByToken(db: Db, token: string): Promise<SessionRow | null> {
  const [row] = await db
    .select({ id: users.id, lastSeenAt: users.lastSeenAt, revokedAt: users.revokedAt })
    .from(users)
    .where(eq(users.tokenHash, hashUserToken(token)))
    .limit(1);
  return row ?? null;
}

export async function findSessionById(db: Db, userId: number): Promise<SessionRow | null> {
  const [row] = await db
    .select({ id: users.id, lastSeenAt: users.lastSeenAt, revokedAt: users.revokedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Moves last_seen_at to now unless it already is within `minAgeMs`: the condition lives in the
 * UPDATE, so replicas racing on the same user write once.
 */
export async function touchLastSeen(db: Db, userId: number, minAgeMs: number): Promise<void> {
  await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(users.id, userId), lt(users.lastSeenAt, new Date(Date.now() - minAgeMs))));
}

/** Sets revoked_at once (a second logout keeps the first time). */
export async function markRevoked(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.revokedAt)));
}
