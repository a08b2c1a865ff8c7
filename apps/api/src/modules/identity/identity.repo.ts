import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usedIdTokens, userSessions, users } from '../../db/schema';
import { hashUserToken } from '../../lib/user-token';

/** A new anonymous user with its first session (the id the browser keeps). */
export async function insertUser(db: Db, token: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values({}).returning({ id: users.id });
    if (!user) throw new Error('user insert returned no row');
    await insertSession(tx, user.id, token);
    return user.id;
  });
}

/** A further session for an existing user (sign-in issues one: docs/security.md#sessions). */
export async function insertSession(db: Db, userId: number, token: string): Promise<void> {
  await db.insert(userSessions).values({ userId, tokenHash: hashUserToken(token) });
}

/**
 * Records a sign-in token's `jti`, in the sign-in's transaction; false when it was recorded before (a
 * replay). A replay racing the first use waits on its uncommitted row, then finds it.
 */
export async function recordIdTokenUse(db: Db, jti: string, expiresAt: Date): Promise<boolean> {
  const recorded = await db
    .insert(usedIdTokens)
    .values({ jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: usedIdTokens.jti });
  return recorded.length === 1;
}

export interface SessionRow {
  /** The session's own id (what logout revokes). */
  sessionId: number;
  userId: number;
  lastSeenAt: Date;
  revokedAt: Date | null;
  /** The user's users.disabled_at (docs/deploy.md#the-admin-page): a disabled user's sessions are refused. */
  disabledAt: Date | null;
}

const sessionColumns = {
  sessionId: userSessions.id,
  userId: userSessions.userId,
  lastSeenAt: userSessions.lastSeenAt,
  revokedAt: userSessions.revokedAt,
  disabledAt: users.disabledAt,
};

export async function findSessionByToken(db: Db, token: string): Promise<SessionRow | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.tokenHash, hashUserToken(token)))
    .limit(1);
  return row ?? null;
}

/** The user's most recently used live session, or null when every one has ended. */
export async function findLatestSessionOfUser(db: Db, userId: number): Promise<SessionRow | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .orderBy(desc(userSessions.lastSeenAt))
    .limit(1);
  return row ?? null;
}

/**
 * Moves last_seen_at to now unless it already is within `minAgeMs`: the condition lives in the
 * UPDATE, so replicas racing on the same session write once.
 */
export async function touchLastSeen(db: Db, sessionId: number, minAgeMs: number): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), lt(userSessions.lastSeenAt, new Date(Date.now() - minAgeMs))));
}

/** Sets revoked_at once (a second logout keeps the first time). */
export async function markRevoked(db: Db, sessionId: number): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}
