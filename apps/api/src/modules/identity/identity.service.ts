import type { Db } from '../../db/client';
import { generateUserToken } from '../../lib/user-token';
import {
  findLatestSessionOfUser,
  findSessionByToken,
  insertUser,
  markRevoked,
  type SessionRow,
  touchLastSeen,
} from './identity.repo';

/** Issues a new anonymous user and returns the id the browser keeps (never stored in clear). */
export async function issueAnonymousUser(db: Db): Promise<string> {
  const token = generateUserToken();
  await insertUser(db, token);
  return token;
}

/**
 * docs/security.md#sessions: last_seen_at is refreshed at most about once an hour per user, so an active user
 * costs one write an hour, not one per request.
 */
export const LAST_SEEN_REFRESH_MS = 60 * 60 * 1000;

export interface SessionPolicy {
  /** SESSION_IDLE_DAYS: an id unused for longer is refused. */
  idleDays: number;
}

/** Whether a session row may act now: not revoked by logout, and used within the idle window. */
export function isSessionUsable(row: SessionRow, { idleDays }: SessionPolicy, now = Date.now()): boolean {
  if (row.revokedAt !== null) return false;
  return now - row.lastSeenAt.getTime() <= idleDays * 86_400_000;
}

/** Who is calling: the user, and the session (the one issued id) they call with. */
export interface ResolvedSession {
  userId: number;
  sessionId: number;
  /** Disabled by an administrator (docs/deploy.md#the-admin-page): the identity plugin refuses it with 403. */
  disabled: boolean;
}

async function acceptSession(db: Db, row: SessionRow | null, policy: SessionPolicy): Promise<ResolvedSession | null> {
  if (!row || !isSessionUsable(row, policy)) return null;
  if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_REFRESH_MS) {
    await touchLastSeen(db, row.sessionId, LAST_SEEN_REFRESH_MS);
  }
  return { userId: row.userId, sessionId: row.sessionId, disabled: row.disabledAt !== null };
}

/**
 * The session an X-User-ID stands for, or null when it was never issued, was revoked, or lay idle past
 * SESSION_IDLE_DAYS (all three answer 401 alike, and the web client fetches a new id).
 */
export async function resolveSession(db: Db, token: string, policy: SessionPolicy): Promise<ResolvedSession | null> {
  return acceptSession(db, await findSessionByToken(db, token), policy);
}

/**
 * The same check for a user named by a signed PDF URL (it was issued to them; are they still active on
 * some device?). Answers the user id, or null.
 */
export async function resolveSessionById(db: Db, userId: number, policy: SessionPolicy): Promise<number | null> {
  const session = await acceptSession(db, await findLatestSessionOfUser(db, userId), policy);
  // A disabled user's signed PDF URLs stop with their sessions.
  return session && !session.disabled ? session.userId : null;
}

/**
 * Server-side logout (docs/security.md#sessions): this device's id is refused from now on; the user's
 * other sessions stay. Sign-in revokes the anonymous id it replaces through the same function.
 */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await markRevoked(db, sessionId);
}
