import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { type ChatSessionRow, findSession } from '../chat/chat-sessions.repo';
import { sessionNotFound } from '../chat/chat-sessions.service';

/**
 * The gate of every review service method (docs/security.md#policies): the session must be the
 * caller's and a review session. A stranger's session, a missing one and a chat session all get the
 * same 404 ("Review session N not found"), so an id tells nothing about other people's work.
 */
export async function requireReviewSession(db: Db, userId: number, sessionId: number): Promise<ChatSessionRow> {
  try {
    await requireAccess(db, { userId }, 'chatSession.use', [sessionId]);
  } catch (error) {
    // The policy names the row a "Chat session"; the review routes name it as theirs, one wording for all.
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw sessionNotFound('review', sessionId);
    throw error;
  }
  const session = await findSession(db, 'review', userId, sessionId);
  if (!session) throw sessionNotFound('review', sessionId);
  return session;
}
