import { and, asc, count, countDistinct, eq, min, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  chatSessions,
  contactMessages,
  folderComments,
  folderFiles,
  folderMembers,
  folders,
  ideas,
  paperComments,
  papers,
  topics,
  uploads,
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
export const membershipsOf = (email: string, userId: number) =>
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
