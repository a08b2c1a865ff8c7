import type { TPaperRef } from '@paperbench/contract';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { folderComments, folders, paperComments, papers, users } from '../../db/schema';
import type { Actor } from '../../policies/decision';
import { commentableFolder, ownedFolder, readableFolder } from '../../policies/folder-scope.repo';
import { visiblePaperFilter } from '../papers/paper-visibility.repo';

/** A comment with its author's display name (null until they sign in); the author's id is for the rules only. */
export interface CommentRow {
  id: number;
  authorId: number;
  authorName: string | null;
  content: string;
  parentId: number | null;
  createdAt: Date;
}
export interface FolderCommentRow extends CommentRow {
  folderId: number;
}
export interface PaperCommentRow extends CommentRow {
  platform: string;
  paperId: string;
}

const folderCommentColumns = {
  id: folderComments.id,
  folderId: folderComments.folderId,
  authorId: folderComments.authorId,
  authorName: users.name,
  content: folderComments.content,
  parentId: folderComments.parentId,
  createdAt: folderComments.createdAt,
};

const paperCommentColumns = {
  id: paperComments.id,
  platform: paperComments.platform,
  paperId: paperComments.paperId,
  authorId: paperComments.authorId,
  authorName: users.name,
  content: paperComments.content,
  parentId: paperComments.parentId,
  createdAt: paperComments.createdAt,
};

const ofPaper = (ref: TPaperRef): SQL =>
  and(eq(paperComments.platform, ref.platform), eq(paperComments.paperId, ref.paper_id)) as SQL;

/** A folder's comments, oldest first, when the actor may read the folder (the second wall); else none. */
export function selectFolderComments(
  db: Db,
  actor: Actor,
  folderId: number,
  only?: { id: number },
): Promise<FolderCommentRow[]> {
  return db
    .select(folderCommentColumns)
    .from(folderComments)
    .innerJoin(folders, and(eq(folders.id, folderComments.folderId), readableFolder(actor)))
    .innerJoin(users, eq(users.id, folderComments.authorId))
    .where(and(eq(folderComments.folderId, folderId), only ? eq(folderComments.id, only.id) : undefined))
    .orderBy(asc(folderComments.createdAt), asc(folderComments.id));
}

/** A paper's comments, oldest first, when the actor may see the paper (the second wall); else none. */
export function selectPaperComments(
  db: Db,
  actor: Actor,
  ref: TPaperRef,
  only?: { id: number },
): Promise<PaperCommentRow[]> {
  return db
    .select(paperCommentColumns)
    .from(paperComments)
    .innerJoin(
      papers,
      and(
        eq(papers.platform, paperComments.platform),
        eq(papers.paperId, paperComments.paperId),
        visiblePaperFilter(actor.userId),
      ),
    )
    .innerJoin(users, eq(users.id, paperComments.authorId))
    .where(and(ofPaper(ref), only ? eq(paperComments.id, only.id) : undefined))
    .orderBy(asc(paperComments.createdAt), asc(paperComments.id));
}

/** A shared folder the user may comment on (their own, or one where they comment or edit), locked against unsharing. */
export async function selectCommentableFolder(db: Db, userId: number, folderId: number) {
  const [row] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.type, 'shared'), commentableFolder(userId)))
    .for('key share');
  return row ?? null;
}

/** The comment a reply names, if it is on this folder: its own parent tells whether it is a reply. */
export async function selectFolderParent(db: Db, folderId: number, parentId: number) {
  const [row] = await db
    .select({ parentId: folderComments.parentId })
    .from(folderComments)
    .where(and(eq(folderComments.id, parentId), eq(folderComments.folderId, folderId)));
  return row ?? null;
}

/** The comment a reply names, if it is on this paper. */
export async function selectPaperParent(db: Db, ref: TPaperRef, parentId: number) {
  const [row] = await db
    .select({ parentId: paperComments.parentId })
    .from(paperComments)
    .where(and(eq(paperComments.id, parentId), ofPaper(ref)));
  return row ?? null;
}

export async function insertFolderComment(
  db: Db,
  comment: { folderId: number; authorId: number; content: string; parentId: number | null },
): Promise<number> {
  const [row] = await db.insert(folderComments).values(comment).returning({ id: folderComments.id });
  if (!row) throw new Error('comment insert returned no row');
  return row.id;
}

export async function insertPaperComment(
  db: Db,
  comment: { platform: string; paperId: string; authorId: number; content: string; parentId: number | null },
): Promise<number> {
  const [row] = await db.insert(paperComments).values(comment).returning({ id: paperComments.id });
  if (!row) throw new Error('comment insert returned no row');
  return row.id;
}

/**
 * Deletes a folder comment written by the user or on a folder they own (moderation); its replies go
 * by cascade. False when there is no such comment within that scope.
 */
export async function deleteFolderComment(db: Db, userId: number, id: number): Promise<boolean> {
  const owned = db.select({ id: folders.id }).from(folders).where(ownedFolder(userId));
  const deleted = await db
    .delete(folderComments)
    .where(
      and(eq(folderComments.id, id), or(eq(folderComments.authorId, userId), inArray(folderComments.folderId, owned))),
    )
    .returning({ id: folderComments.id });
  return deleted.length > 0;
}

/** Deletes a paper comment the user wrote (its replies go by cascade); false when there is none of theirs. */
export async function deletePaperComment(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(paperComments)
    .where(and(eq(paperComments.id, id), eq(paperComments.authorId, userId)))
    .returning({ id: paperComments.id });
  return deleted.length > 0;
}
