import { NO_LONGER_SHARED_FILENAME } from '@paperbench/contract';
import { and, asc, count, countDistinct, eq, inArray, max, min, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  chatMessages,
  chatSessions,
  contactMessages,
  folderComments,
  folderFiles,
  folderMembers,
  folders,
  forumVisits,
  ideas,
  pageViews,
  paperClicks,
  paperComments,
  papers,
  reviewDrafts,
  reviewEdges,
  reviewFiles,
  sharedListPapers,
  sharedLists,
  storedFiles,
  subscriptions,
  topics,
  uploads,
  userSessions,
  users,
} from '../../db/schema';
import { type BibliographyPaper, bibliographyColumns } from '../../lib/bibliography';
import { visiblePaperFilter } from '../papers/paper-visibility.repo';

/** The person, or null while anonymous (no provider subject yet). */
export async function selectNamedUser(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.name, picture: users.picture, signedInAt: users.signedInAt })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.providerSubject} is not null`));
  return row ?? null;
}

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

/** Shared folders of others where `email` holds a role. */
const membershipsOf = (email: string, userId: number) =>
  and(eq(folderMembers.email, email), ne(folders.ownerId, userId));

export async function selectCounts(db: Db, userId: number, email: string | null) {
  const owned = eq(folders.ownerId, userId);
  return {
    folders: await countOf(db.select({ n: count() }).from(folders).where(owned)),
    papers: await countOf(
      db
        .select({ n: countDistinct(sql`(${folderFiles.platform}, ${folderFiles.paperId})`) })
        .from(folderFiles)
        .innerJoin(folders, eq(folders.id, folderFiles.folderId))
        .where(owned),
    ),
    uploads: await countOf(db.select({ n: count() }).from(uploads).where(eq(uploads.ownerId, userId))),
    topics: await countOf(db.select({ n: count() }).from(topics).where(eq(topics.userId, userId))),
    chat_sessions: await countOf(
      db
        .select({ n: count() })
        .from(chatSessions)
        .where(and(eq(chatSessions.userId, userId), eq(chatSessions.kind, 'chat'))),
    ),
    review_sessions: await countOf(
      db
        .select({ n: count() })
        .from(chatSessions)
        .where(and(eq(chatSessions.userId, userId), eq(chatSessions.kind, 'review'))),
    ),
    // docs/ideas.md: the AI Scientist's saved ideas.
    ideas: await countOf(db.select({ n: count() }).from(ideas).where(eq(ideas.userId, userId))),
    comments:
      (await countOf(db.select({ n: count() }).from(paperComments).where(eq(paperComments.authorId, userId)))) +
      (await countOf(db.select({ n: count() }).from(folderComments).where(eq(folderComments.authorId, userId)))),
    shared_folders: await countOf(
      db
        .select({ n: count() })
        .from(folders)
        .where(and(owned, eq(folders.type, 'shared'))),
    ),
    shared_with_me: email
      ? await countOf(
          db
            .select({ n: countDistinct(folderMembers.folderId) })
            .from(folderMembers)
            .innerJoin(folders, eq(folders.id, folderMembers.folderId))
            .where(membershipsOf(email, userId)),
        )
      : 0,
  };
}

/** Every paper in the caller's folders, once, in the order first added. */
export async function selectLibraryPapers(db: Db, userId: number): Promise<BibliographyPaper[]> {
  const rows = await db
    .select({ ...bibliographyColumns, firstAdded: min(folderFiles.addedAt) })
    .from(folderFiles)
    .innerJoin(folders, eq(folders.id, folderFiles.folderId))
    .innerJoin(papers, and(eq(papers.platform, folderFiles.platform), eq(papers.paperId, folderFiles.paperId)))
    .where(and(eq(folders.ownerId, userId), visiblePaperFilter(userId)))
    .groupBy(papers.platform, papers.paperId)
    .orderBy(asc(min(folderFiles.addedAt)), papers.platform, papers.paperId);
  return rows.map(({ firstAdded: _firstAdded, ...paper }) => paper);
}

/**
 * Every section of the export (GDPR Art. 15 and 20), as stored rows. Never a token hash, and no other
 * user's id: members appear (by email) only for the caller's own shared folders.
 */
/** A row of the user's that names a paper: its title, unless it is an upload whose grant ended (docs/collaboration.md#uploads). */
const titleIfReadable = (userId: number) =>
  sql<string>`case when ${visiblePaperFilter(userId)} then ${papers.title} else ${NO_LONGER_SHARED_FILENAME} end`;

export async function selectExportRows(db: Db, userId: number, email: string | null) {
  const sessions = await db
    .select({
      id: userSessions.id,
      createdAt: userSessions.createdAt,
      lastSeenAt: userSessions.lastSeenAt,
      revokedAt: userSessions.revokedAt,
    })
    .from(userSessions)
    .where(eq(userSessions.userId, userId))
    .orderBy(userSessions.createdAt, userSessions.id);
  const ownFolders = await db
    .select()
    .from(folders)
    .where(eq(folders.ownerId, userId))
    .orderBy(folders.createdAt, folders.id);
  const folderIds = ownFolders.map((folder) => folder.id);
  const files = folderIds.length
    ? await db
        .select({
          folderId: folderFiles.folderId,
          platform: folderFiles.platform,
          paperId: folderFiles.paperId,
          title: titleIfReadable(userId),
          selected: folderFiles.selected,
          addedAt: folderFiles.addedAt,
        })
        .from(folderFiles)
        .innerJoin(papers, and(eq(papers.platform, folderFiles.platform), eq(papers.paperId, folderFiles.paperId)))
        .where(inArray(folderFiles.folderId, folderIds))
        .orderBy(folderFiles.addedAt)
    : [];
  const members = folderIds.length
    ? await db
        .select({
          folderId: folderMembers.folderId,
          email: folderMembers.email,
          role: folderMembers.role,
          createdAt: folderMembers.createdAt,
        })
        .from(folderMembers)
        .where(inArray(folderMembers.folderId, folderIds))
        .orderBy(folderMembers.createdAt)
    : [];
  const memberships = email
    ? await db
        .select({
          folderId: folders.id,
          folderName: folders.name,
          role: folderMembers.role,
          createdAt: folderMembers.createdAt,
        })
        .from(folderMembers)
        .innerJoin(folders, eq(folders.id, folderMembers.folderId))
        .where(membershipsOf(email, userId))
        .orderBy(folderMembers.createdAt)
    : [];
  const ownUploads = await db
    .select({
      paperId: uploads.paperId,
      title: papers.title,
      originalFilename: uploads.originalFilename,
      byteSize: storedFiles.byteSize,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .innerJoin(papers, and(eq(papers.platform, uploads.platform), eq(papers.paperId, uploads.paperId)))
    .innerJoin(storedFiles, eq(storedFiles.contentHash, uploads.contentHash))
    .where(eq(uploads.ownerId, userId))
    .orderBy(uploads.createdAt);
  const ownTopics = await db
    .select({ topic: topics.topic, createdAt: topics.createdAt, lastSeenAt: topics.lastSeenAt })
    .from(topics)
    .where(eq(topics.userId, userId))
    .orderBy(topics.createdAt, topics.id);
  const [subscription] = await db
    .select({
      email: subscriptions.email,
      frequency: subscriptions.frequency,
      topics: subscriptions.topics,
      status: subscriptions.status,
      confirmationSentAt: subscriptions.confirmationSentAt,
      confirmedAt: subscriptions.confirmedAt,
      unsubscribedAt: subscriptions.unsubscribedAt,
      createdAt: subscriptions.createdAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const chats = await db
    .select({
      id: chatSessions.id,
      title: chatSessions.title,
      kind: chatSessions.kind,
      graphStatus: chatSessions.graphStatus,
      targetPlatform: chatSessions.targetPlatform,
      targetPaperId: chatSessions.targetPaperId,
      createdAt: chatSessions.createdAt,
      updatedAt: chatSessions.updatedAt,
    })
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId))
    .orderBy(chatSessions.createdAt, chatSessions.id);
  const messages = chats.length
    ? await db
        .select({
          sessionId: chatMessages.sessionId,
          role: chatMessages.role,
          content: chatMessages.content,
          source: chatMessages.source,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .where(
          inArray(
            chatMessages.sessionId,
            chats.map((chat) => chat.id),
          ),
        )
        .orderBy(chatMessages.id)
    : [];
  // docs/review.md: a review session's papers, graph and written drafts.
  const reviewIds = chats.filter((chat) => chat.kind === 'review').map((chat) => chat.id);
  const ownReviewFiles = reviewIds.length
    ? await db
        .select({
          sessionId: reviewFiles.sessionId,
          platform: reviewFiles.platform,
          paperId: reviewFiles.paperId,
          title: titleIfReadable(userId),
          addedAt: reviewFiles.addedAt,
        })
        .from(reviewFiles)
        .innerJoin(papers, and(eq(papers.platform, reviewFiles.platform), eq(papers.paperId, reviewFiles.paperId)))
        .where(inArray(reviewFiles.sessionId, reviewIds))
        .orderBy(reviewFiles.sessionId, reviewFiles.addedAt)
    : [];
  const ownReviewEdges = reviewIds.length
    ? await db.select().from(reviewEdges).where(inArray(reviewEdges.sessionId, reviewIds)).orderBy(reviewEdges.id)
    : [];
  const ownReviewDrafts = reviewIds.length
    ? await db.select().from(reviewDrafts).where(inArray(reviewDrafts.sessionId, reviewIds)).orderBy(reviewDrafts.id)
    : [];
  const ownPaperComments = await db
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
    .orderBy(paperComments.createdAt, paperComments.id);
  const ownFolderComments = await db
    .select({
      id: folderComments.id,
      folderId: folderComments.folderId,
      folderName: folders.name,
      parentId: folderComments.parentId,
      content: folderComments.content,
      createdAt: folderComments.createdAt,
    })
    .from(folderComments)
    .innerJoin(folders, eq(folders.id, folderComments.folderId))
    .where(eq(folderComments.authorId, userId))
    .orderBy(folderComments.createdAt, folderComments.id);
  const visits = await db
    .select({ folderId: forumVisits.folderId, visitedAt: forumVisits.visitedAt })
    .from(forumVisits)
    .where(eq(forumVisits.userId, userId))
    .orderBy(forumVisits.visitedAt);
  const shareLinks = await db
    .select({
      shareId: sharedLists.shareId,
      createdAt: sharedLists.createdAt,
      papers: count(sharedListPapers.position),
    })
    .from(sharedLists)
    .leftJoin(sharedListPapers, eq(sharedListPapers.shareId, sharedLists.shareId))
    .where(eq(sharedLists.createdBy, userId))
    .groupBy(sharedLists.shareId)
    .orderBy(sharedLists.createdAt);
  const contact = await db
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId))
    .orderBy(contactMessages.createdAt);
  const [views] = await db
    .select({ n: count(), first: min(pageViews.receivedAt), last: max(pageViews.receivedAt) })
    .from(pageViews)
    .where(eq(pageViews.userId, userId));
  const clicks = await countOf(db.select({ n: count() }).from(paperClicks).where(eq(paperClicks.userId, userId)));
  const ownIdeas = await db.select().from(ideas).where(eq(ideas.userId, userId)).orderBy(ideas.createdAt, ideas.id);
  return {
    sessions,
    ownFolders,
    files,
    members,
    memberships,
    ownUploads,
    ownTopics,
    subscription: subscription ?? null,
    chats,
    messages,
    reviewFiles: ownReviewFiles,
    reviewEdges: ownReviewEdges,
    reviewDrafts: ownReviewDrafts,
    ownIdeas,
    ownPaperComments,
    ownFolderComments,
    visits,
    shareLinks,
    contact,
    views: { count: views?.n ?? 0, first: views?.first ?? null, last: views?.last ?? null },
    clicks,
  };
}
export type ExportRows = Awaited<ReturnType<typeof selectExportRows>>;

// Account deletion (DELETE /api/profile): all of it in the caller's transaction.

export async function lockUserRow(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return row !== undefined;
}

/** The caller's uploads, locked. */
export function lockOwnedUploads(tx: Tx, userId: number) {
  return tx
    .select({ paperId: uploads.paperId, contentHash: uploads.contentHash })
    .from(uploads)
    .where(eq(uploads.ownerId, userId))
    .orderBy(uploads.paperId)
    .for('update');
}

/**
 * The user row, and with it by ON DELETE CASCADE their sessions, folders (files, threads, members,
 * summaries), topics, subscription (deliveries), chat sessions (messages), comments and forum visits.
 * Contact messages (which hold what they typed) go too; page views, clicks, share links and members they
 * added keep their rows with the user cleared (ON DELETE SET NULL): counts without a person.
 */
export async function deleteUserRows(tx: Tx, userId: number): Promise<void> {
  await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
}
