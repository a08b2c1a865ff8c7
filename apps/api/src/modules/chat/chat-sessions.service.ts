import type { TChatMessage, TChatSession, TChatSessionSummary } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { requireChatSessionRoom } from '../quotas/user-quotas';
import { presentMessage, presentSession } from './chat.presenter';
import {
  type ChatSessionRow,
  deleteSession,
  findSession,
  insertSession,
  type SessionKind,
  selectMessages,
  selectSessions,
  updateSessionTitle,
} from './chat-sessions.repo';
import { DEFAULT_SESSION_TITLE } from './session-title';

/**
 * A session belongs to its user (policies/session.policy.ts): anyone else's is "not found", exactly as
 * one that does not exist. The repos' user-scoped queries stay behind the policy as the second wall.
 */
export const sessionNotFound = (kind: SessionKind, sessionId: number) =>
  notFound(`${kind === 'review' ? 'Review' : 'Chat'} session ${sessionId}`);

export async function listSessions(db: Db, kind: SessionKind, userId: number): Promise<TChatSessionSummary[]> {
  return (await selectSessions(db, kind, userId)).map(presentSession);
}

/** A new chat session, within the user's USER_CHAT_SESSION_QUOTA (docs/security.md#rate-limits-and-quotas). */
export function insertChatSession(db: Db, userId: number, title: string, quota: number): Promise<ChatSessionRow> {
  return db.transaction(async (tx) => {
    await requireChatSessionRoom(tx, userId, quota);
    return insertSession(tx, 'chat', userId, title);
  });
}

export async function createSession(db: Db, userId: number, quota: number, title?: string): Promise<TChatSession> {
  const row = await insertChatSession(db, userId, title ?? DEFAULT_SESSION_TITLE.chat, quota);
  return { ...presentSession(row), messages: [] };
}

export async function removeSession(db: Db, kind: SessionKind, userId: number, sessionId: number): Promise<void> {
  await requireAccess(db, { userId }, 'chatSession.use', [sessionId]);
  if ((await deleteSession(db, kind, userId, sessionId)) === 0) throw sessionNotFound(kind, sessionId);
}

export async function listMessages(
  db: Db,
  kind: SessionKind,
  userId: number,
  sessionId: number,
): Promise<TChatMessage[]> {
  await requireAccess(db, { userId }, 'chatSession.use', [sessionId]);
  if (!(await findSession(db, kind, userId, sessionId))) throw sessionNotFound(kind, sessionId);
  return (await selectMessages(db, kind, userId, sessionId)).map(presentMessage);
}

export async function renameSession(
  db: Db,
  kind: SessionKind,
  userId: number,
  sessionId: number,
  title: string,
): Promise<TChatSessionSummary> {
  await requireAccess(db, { userId }, 'chatSession.use', [sessionId]);
  const row = await updateSessionTitle(db, kind, userId, sessionId, title);
  if (!row) throw sessionNotFound(kind, sessionId);
  return presentSession(row);
}
