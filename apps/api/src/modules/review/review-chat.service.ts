import type { TStreamChatRequest } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import { sessionNotFound } from '../chat/chat-sessions.service';
import { type ChatTurn, prepareChatTurn } from '../chat/stream-chat.service';
import { lockReviewSession } from './review-files.repo';
import { attachPapers, distinctRefs } from './review-files.service';
import { fileCapReached, REVIEW_LIMITS, sessionQuotaReached } from './review-limits';
import { requireReviewSession } from './review-session-access';
import { countReviewSessions } from './review-sessions.repo';

type ReviewChatContext = Pick<AppContext, 'db' | 'ai' | 'config' | 'queue'>;

/**
 * POST /api/review/chat_rwg (docs/review.md#chat-chat_rwg): the chat's grounded answer over the selected
 * papers, in a review session. Everything that can fail with a status is checked here, before the
 * stream. Without a session_id a review session is made (the stream's first event names it) and the
 * selected papers become its files; with one, the selection is the question's context only.
 */
export async function prepareReviewChat(
  context: ReviewChatContext,
  userId: number,
  request: TStreamChatRequest & { selected_files: NonNullable<TStreamChatRequest['selected_files']> },
): Promise<ChatTurn> {
  const { db, config, queue } = context;
  if (request.session_id !== undefined) {
    await requireReviewSession(db, userId, request.session_id);
    return prepareChatTurn(context, 'review', userId, request);
  }
  // Refused before prepareChatTurn makes the session, so a refusal leaves nothing behind.
  if (distinctRefs(request.selected_files).length > REVIEW_LIMITS.filesPerSession)
    throw fileCapReached('A review session');
  if ((await countReviewSessions(db, userId)) >= REVIEW_LIMITS.sessionsPerUser) throw sessionQuotaReached();
  const turn = await prepareChatTurn(context, 'review', userId, request);
  await db.transaction(async (tx) => {
    const session = await lockReviewSession(tx, userId, turn.sessionId);
    if (!session) throw sessionNotFound('review', turn.sessionId);
    await attachPapers(tx, config, session, turn.papers);
  });
  queue.wake();
  return turn;
}
