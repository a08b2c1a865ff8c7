import type {
  TCreatePaperCommentRequest,
  TCreateSharedFolderCommentRequest,
  TPaperComment,
  TPaperRef,
  TSharedFolderComment,
} from '@paperbench/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { selectFoldersForAccess, selectPapersForAccess } from '../../policies/access.repo';
import type { Actor } from '../../policies/decision';
import { describePaper, findVisiblePaper } from '../papers/paper-visibility.repo';
import { requireCommentRoom } from '../quotas/user-quotas';
import { presentFolderComment, presentPaperComment } from './comment.presenter';
import {
  deleteFolderComment as deleteFolderCommentRow,
  deletePaperComment as deletePaperCommentRow,
  insertFolderComment,
  insertPaperComment,
  selectCommentableFolder,
  selectFolderComments,
  selectFolderParent,
  selectPaperComments,
  selectPaperParent,
} from './comments.repo';

/**
 * requirements §3 Paper comment and Shared-folder comment (docs/collaboration.md). Plain text, stored as sent
 * (the contract trims it, caps it at 10,000 characters and refuses NUL); one level of replies. Every
 * method asks requireAccess first; the repo's scoped queries stay behind it (docs/security.md#policies).
 */

/** What a reply's parent must be: a top-level comment of the same paper or folder (400 otherwise). */
function requireTopLevelParent(parent: { parentId: number | null } | null, parentId: number, where: string) {
  if (!parent) {
    throw new AppError('INVALID_REQUEST', `parent_id ${parentId}: there is no such comment on ${where} to reply to`);
  }
  if (parent.parentId !== null) {
    throw new AppError(
      'INVALID_REQUEST',
      `parent_id ${parentId} is itself a reply: reply to the comment it answers (one level of replies)`,
    );
  }
}

/** The folder as the rules see it for the actor (with their membership), to present each comment's abilities. */
async function loadFolder(db: Db, actor: Actor, folderId: number) {
  const [folder] = await selectFoldersForAccess(db, actor, [folderId]);
  if (!folder) throw notFound(`Folder ${folderId}`);
  return folder;
}

/** GET /api/comments/shared/{folderId}: whoever may read the folder (anyone, for a public one). */
export async function listFolderComments(db: Db, actor: Actor, folderId: number): Promise<TSharedFolderComment[]> {
  await requireAccess(db, actor, 'folder.read', [folderId]);
  const [folder, rows] = await Promise.all([
    loadFolder(db, actor, folderId),
    selectFolderComments(db, actor, folderId),
  ]);
  return rows.map((row) => presentFolderComment(row, actor, folder));
}

/** POST /api/comments/shared: a commenter, editor or the owner of a shared folder. */
export async function createFolderComment(
  db: Db,
  userId: number,
  request: TCreateSharedFolderCommentRequest,
  quota: number,
): Promise<TSharedFolderComment> {
  const actor = { userId };
  const { folderId } = request;
  await requireAccess(db, actor, 'folder.comment', [folderId]);
  const id = await db.transaction(async (tx) => {
    if (!(await selectCommentableFolder(tx, userId, folderId))) {
      throw new AppError('NOT_FOUND', `Shared folder ${folderId} not found`);
    }
    const parentId = request.parent_id ?? null;
    if (parentId !== null) {
      requireTopLevelParent(await selectFolderParent(tx, folderId, parentId), parentId, `folder ${folderId}`);
    }
    await requireCommentRoom(tx, userId, quota);
    return insertFolderComment(tx, { folderId, authorId: userId, content: request.content, parentId });
  });
  const [row] = await selectFolderComments(db, actor, folderId, { id });
  if (!row) throw new Error('a comment just written is readable by its author');
  return presentFolderComment(row, actor, await loadFolder(db, actor, folderId));
}

/** DELETE /api/comments/shared/{id}: its author, or the folder's owner; its replies go with it. */
export async function deleteFolderComment(db: Db, userId: number, id: number): Promise<void> {
  await requireAccess(db, { userId }, 'folderComment.delete', [id]);
  if (!(await deleteFolderCommentRow(db, userId, id))) throw notFound(`Comment ${id}`);
}

/** The paper as the rules see it for the actor, to present each comment's abilities. */
async function loadPaper(db: Db, actor: Actor, ref: TPaperRef) {
  const [paper] = await selectPapersForAccess(db, actor, [ref]);
  if (!paper) throw notFound(describePaper(ref));
  return paper;
}

/** GET /api/comments/paper/{paperId}: whoever may read the paper (an upload's comments stay with its readers). */
export async function listPaperComments(db: Db, actor: Actor, ref: TPaperRef): Promise<TPaperComment[]> {
  await requireAccess(db, actor, 'paper.read', [ref]);
  const [paper, rows] = await Promise.all([loadPaper(db, actor, ref), selectPaperComments(db, actor, ref)]);
  return rows.map((row) => presentPaperComment(row, actor, paper));
}

/** POST /api/comments/paper: any caller with an id who can read the paper. */
export async function createPaperComment(
  db: Db,
  userId: number,
  request: TCreatePaperCommentRequest,
  quota: number,
): Promise<TPaperComment> {
  const actor = { userId };
  const ref = { platform: request.platform, paper_id: request.paperId };
  await requireAccess(db, actor, 'paper.read', [ref]);
  const id = await db.transaction(async (tx) => {
    if (!(await findVisiblePaper(tx, userId, ref))) throw notFound(describePaper(ref));
    const parentId = request.parent_id ?? null;
    if (parentId !== null) {
      requireTopLevelParent(await selectPaperParent(tx, ref, parentId), parentId, describePaper(ref));
    }
    await requireCommentRoom(tx, userId, quota);
    return insertPaperComment(tx, {
      platform: ref.platform,
      paperId: ref.paper_id,
      authorId: userId,
      content: request.content,
      parentId,
    });
  });
  const [row] = await selectPaperComments(db, actor, ref, { id });
  if (!row) throw new Error('a comment just written is readable by its author');
  return presentPaperComment(row, actor, await loadPaper(db, actor, ref));
}

/** DELETE /api/comments/paper/{id}: its author alone; its replies go with it. */
export async function deletePaperComment(db: Db, userId: number, id: number): Promise<void> {
  await requireAccess(db, { userId }, 'paperComment.delete', [id]);
  if (!(await deletePaperCommentRow(db, userId, id))) throw notFound(`Comment ${id}`);
}
