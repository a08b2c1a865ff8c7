import type { TChatMessage, TChatSessionSummary, TReviewSession } from '@paperbench/contract';
import type { Db, Tx } from '../../db/client';
import { presentMessage, presentSession } from '../chat/chat.presenter';
import { insertSession, type SessionKind, selectMessages } from '../chat/chat-sessions.repo';
import { listSessions, removeSession, renameSession } from '../chat/chat-sessions.service';
import { DEFAULT_SESSION_TITLE } from '../chat/session-title';
import { presentGraph } from './review.presenter';
import { REVIEW_LIMITS, sessionQuotaReached } from './review-limits';
import { requireReviewSession } from './review-session-access';
import { countReviewSessions, lockUserReviewSessions } from './review-sessions.repo';

const REVIEW: SessionKind = 'review';

export const listReviewSessions = (db: Db, userId: number): Promise<TChatSessionSummary[]> =>
  listSessions(db, REVIEW, userId);

/** Inside the caller's transaction: refuses the user's next review session past the quota. */
export async function requireReviewSessionRoom(db: Db | Tx, userId: number): Promise<void> {
  await lockUserReviewSessions(db, userId);
  if ((await countReviewSessions(db, userId)) >= REVIEW_LIMITS.sessionsPerUser) throw sessionQuotaReached();
}

/** requirements §3 Review-writing session, whole: messages, files, graph and target paper. */
export async function createReviewSession(db: Db, userId: number, title?: string): Promise<TReviewSession> {
  const row = await db.transaction(async (tx) => {
    await requireReviewSessionRoom(tx, userId);
    return insertSession(tx, REVIEW, userId, title ?? DEFAULT_SESSION_TITLE.review);
  });
  return {
    ...presentSession(row),
    messages: [],
    files: [],
    graph: presentGraph(row.id, 'draft', [], []),
    target_paper: null,
  };
}

/** Deletes the session with (cascade) its messages, files, edges and drafts. */
export async function removeReviewSession(db: Db, userId: number, sessionId: number): Promise<void> {
  await requireReviewSession(db, userId, sessionId);
  await removeSession(db, REVIEW, userId, sessionId);
}

export async function listReviewMessages(db: Db, userId: number, sessionId: number): Promise<TChatMessage[]> {
  await requireReviewSession(db, userId, sessionId);
  return (await selectMessages(db, REVIEW, userId, sessionId)).map(presentMessage);
}

export async function renameReviewSession(
  db: Db,
  userId: number,
  sessionId: number,
  title: string,
): Promise<TChatSessionSummary> {
  await requireReviewSession(db, userId, sessionId);
  return renameSession(db, REVIEW, userId, sessionId, title);
}
