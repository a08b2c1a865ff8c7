import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatMessages, chatSessions, papers, reviewDrafts, reviewEdges, reviewFiles } from '../../db/schema';
import { childrenByParent, iso, listSection, titleIfReadable } from './export-section';

/** The caller's chat or review sessions, in the order made. */
const ownSessions = (tx: Tx, userId: number, kind: 'chat' | 'review') =>
  tx
    .select({
      id: chatSessions.id,
      title: chatSessions.title,
      graphStatus: chatSessions.graphStatus,
      targetPlatform: chatSessions.targetPlatform,
      targetPaperId: chatSessions.targetPaperId,
      createdAt: chatSessions.createdAt,
      updatedAt: chatSessions.updatedAt,
    })
    .from(chatSessions)
    .where(and(eq(chatSessions.userId, userId), eq(chatSessions.kind, kind)))
    .orderBy(chatSessions.createdAt, chatSessions.id);

const messagesOf = (tx: Tx, sessionIds: number[]) =>
  childrenByParent(
    sessionIds,
    (ids) =>
      tx
        .select({
          sessionId: chatMessages.sessionId,
          role: chatMessages.role,
          content: chatMessages.content,
          source: chatMessages.source,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .where(inArray(chatMessages.sessionId, ids))
        .orderBy(chatMessages.id),
    (message) => message.sessionId,
  );

const presentMessage = (message: { role: string; content: string; source: string | null; createdAt: Date }) => ({
  role: message.role,
  content: message.content,
  source: message.source,
  created_at: iso(message.createdAt),
});

export const chatSessionsSection = listSection('chat_sessions', {
  read: async (tx, { userId }) => {
    const chats = await ownSessions(tx, userId, 'chat');
    const messages = await messagesOf(
      tx,
      chats.map((chat) => chat.id),
    );
    return chats.map((chat) => ({ ...chat, messages: messages(chat.id) }));
  },
  present: (chat) => ({
    id: chat.id,
    title: chat.title,
    created_at: iso(chat.createdAt),
    updated_at: iso(chat.updatedAt),
    messages: chat.messages.map(presentMessage),
  }),
});

/** docs/review.md: a review session's papers, graph (edges, proposals, dismissals) and written drafts. */
async function readReviewSessions(tx: Tx, userId: number) {
  const reviews = await ownSessions(tx, userId, 'review');
  const ids = reviews.map((review) => review.id);
  const messages = await messagesOf(tx, ids);
  const files = await childrenByParent(
    ids,
    (sessionIds) =>
      tx
        .select({
          sessionId: reviewFiles.sessionId,
          platform: reviewFiles.platform,
          paperId: reviewFiles.paperId,
          title: titleIfReadable(userId),
          addedAt: reviewFiles.addedAt,
        })
        .from(reviewFiles)
        .innerJoin(papers, and(eq(papers.platform, reviewFiles.platform), eq(papers.paperId, reviewFiles.paperId)))
        .where(inArray(reviewFiles.sessionId, sessionIds))
        .orderBy(reviewFiles.sessionId, reviewFiles.addedAt),
    (file) => file.sessionId,
  );
  const edges = await childrenByParent(
    ids,
    (sessionIds) =>
      tx.select().from(reviewEdges).where(inArray(reviewEdges.sessionId, sessionIds)).orderBy(reviewEdges.id),
    (edge) => edge.sessionId,
  );
  const drafts = await childrenByParent(
    ids,
    (sessionIds) =>
      tx.select().from(reviewDrafts).where(inArray(reviewDrafts.sessionId, sessionIds)).orderBy(reviewDrafts.id),
    (draft) => draft.sessionId,
  );
  return reviews.map((review) => ({
    ...review,
    messages: messages(review.id),
    files: files(review.id),
    edges: edges(review.id),
    drafts: drafts(review.id),
  }));
}

export const reviewSessionsSection = listSection('review_sessions', {
  read: (tx, { userId }) => readReviewSessions(tx, userId),
  present: (review) => ({
    id: review.id,
    title: review.title,
    graph_status: review.graphStatus,
    target_paper: review.targetPaperId ? { platform: review.targetPlatform, paper_id: review.targetPaperId } : null,
    created_at: iso(review.createdAt),
    updated_at: iso(review.updatedAt),
    messages: review.messages.map(presentMessage),
    files: review.files.map((file) => ({
      platform: file.platform,
      paper_id: file.paperId,
      title: file.title,
      added_at: iso(file.addedAt),
    })),
    edges: review.edges.map((edge) => ({
      source: { platform: edge.sourcePlatform, paper_id: edge.sourcePaperId },
      target: { platform: edge.targetPlatform, paper_id: edge.targetPaperId },
      label: edge.label,
      state: edge.state,
      similarity: edge.similarity,
      shared_terms: edge.sharedTerms,
      created_at: iso(edge.createdAt),
    })),
    drafts: review.drafts.map((draft) => ({
      source: draft.source,
      instructions: draft.instructions,
      draft: draft.draft,
      citations: draft.citations,
      created_at: iso(draft.createdAt),
    })),
  }),
});
