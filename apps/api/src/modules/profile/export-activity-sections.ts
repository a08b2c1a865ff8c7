import { count, eq, max, min } from 'drizzle-orm';
import {
  contactMessages,
  ideas,
  pageViews,
  paperClicks,
  paperComments,
  sharedListPapers,
  sharedLists,
} from '../../db/schema';
import { iso, listSection, oneRowSection } from './export-section';

/** docs/ideas.md: saved ideas with their novelty checks and plans, as stored. */
export const ideasSection = listSection('ideas', {
  read: (tx, { userId }) => tx.select().from(ideas).where(eq(ideas.userId, userId)).orderBy(ideas.createdAt, ideas.id),
  present: (idea) => ({
    id: idea.id,
    topic: idea.topic,
    title: idea.title,
    source: idea.source,
    idea: idea.idea,
    novelty_check: idea.noveltyCheck,
    plan: idea.plan,
    created_at: iso(idea.createdAt),
    expanded_at: iso(idea.expandedAt),
  }),
});

export const paperCommentsSection = listSection('paper_comments', {
  read: (tx, { userId }) =>
    tx
      .select({
        id: paperComments.id,
        platform: paperComments.platform,
        paperId: paperComments.paperId,
        parentId: paperComments.parentId,
        content: paperComments.content,
        createdAt: paperComments.createdAt,
      })
      .from(paperComments)
      .where(eq(paperComments.authorId, userId))
      .orderBy(paperComments.createdAt, paperComments.id),
  present: (comment) => ({
    id: comment.id,
    platform: comment.platform,
    paper_id: comment.paperId,
    parent_id: comment.parentId,
    content: comment.content,
    created_at: iso(comment.createdAt),
  }),
});

export const shareLinksSection = listSection('share_links', {
  read: (tx, { userId }) =>
    tx
      .select({
        shareId: sharedLists.shareId,
        createdAt: sharedLists.createdAt,
        papers: count(sharedListPapers.position),
      })
      .from(sharedLists)
      .leftJoin(sharedListPapers, eq(sharedListPapers.shareId, sharedLists.shareId))
      .where(eq(sharedLists.createdBy, userId))
      .groupBy(sharedLists.shareId)
      .orderBy(sharedLists.createdAt),
  present: (link) => ({ share_id: link.shareId, created_at: iso(link.createdAt), papers: link.papers }),
});

export const contactMessagesSection = listSection('contact_messages', {
  read: (tx, { userId }) =>
    tx
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId))
      .orderBy(contactMessages.createdAt),
  present: (message) => ({
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    created_at: iso(message.createdAt),
  }),
});

/** Page views and paper clicks: how many, not the rows. */
export const pageViewsSection = oneRowSection('page_views', {
  read: (tx, { userId }) =>
    tx
      .select({ n: count(), first: min(pageViews.receivedAt), last: max(pageViews.receivedAt) })
      .from(pageViews)
      .where(eq(pageViews.userId, userId)),
  present: (views) => ({ count: views.n, first_at: iso(views.first), last_at: iso(views.last) }),
});

export const paperClicksSection = oneRowSection('paper_clicks', {
  read: (tx, { userId }) => tx.select({ n: count() }).from(paperClicks).where(eq(paperClicks.userId, userId)),
  present: (clicks) => ({ count: clicks.n }),
});
