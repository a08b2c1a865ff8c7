import type { TChatMessage, TChatSession, TChatSessionSummary } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { presentMessage, presentSession } from './chat.presenter';
import {
  deleteSession,
  findSession,
  insertSession,
  selectMessages,
  selectSessions,
  updateSessionTitle,
} from './chat-sessions.repo';
import { DEFAULT_SESSION_TITLE } from './session-title';

/**
 * A session belongs to its user (policies/session.policy.ts): anyone else's is "not found", exactly as
 * one that does not exist. The repos' user-scoped queries stay behind the policy as the second wall.
 */
export const sessionNotFound = (sessionId: number) => notFound(`Chat session ${sessionId}`);

export async function listSessions(db: Db, userId: number): Promise<TChatSessionSummary[]> {
  return (await selectSessions(db, userId)).map(presentSession);
}

export async function createSession(db: Db, userId: number, title?: string): Promise<TChatSession> {
  const row = await insertSession(db, userId, title ?? DEFAULT_SESSION_TITLE);
  return { ...presentSession(row), messages: [] };
}

export async function removeSession(db: Db, userId: number, sessionId: number): Promise<void> {
  await requireAccess(db, { userId }, 'chatSession.use', [sessionId]);
  if ((await deleteSession(db, userId, sessionId)) === 0) throw sessionNotFound(sessionId);
}

export async function listMessages(db: Db, userId: number, sessionId: number): Promise<TChatMessage[]> {
  await requireAccess(db, { userId }, 'chatSession.use', [sessionId]);
  if (!(await findSession(db, userId, sessionId))) throw sessionNotFound(sessionId);
  return (await selectMessages(db, userId, sessionId)).map(presentMessage);
}

export async function renameSession(
  db: Db,
  userId: number,
  sessionId: number,
  title: string,
): Promise<TChatSessionSummary> {
  await requireAccess(db, { userId }, 'chatSession.use', [sessionId]);
  const row = await updateSessionTitle(db, userId, sessionId, title);
  if (!row) throw sessionNotFound(sessionId);
  return presentSession(row);
}
