import type { TAnnotation, TAnnotationReply } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import type { AnnotationResource } from '../../policies/annotation.policy';
import { decideAnnotationReplyDelete, isAnnotationAuthor } from '../../policies/annotation.policy';
import { selectAnnotationsForAccess } from '../../policies/annotation-access.repo';
import type { Actor } from '../../policies/decision';
import { ANONYMOUS_AUTHOR } from '../comments/comment.presenter';
import {
  type AnnotationReplyRow,
  deleteReplyRow,
  insertReply,
  lockAndCountRepliesSince,
  markThreadRead,
  selectReplies,
  setResolved,
} from './annotation-replies.repo';
import { countFolderUnread, selectAnnotationPaper } from './annotations.repo';
import { presentOne } from './annotations.service';

/*
 * docs/annotations.md#threads: a shared mark carries a thread of replies, resolved and reopened by
 * whoever may reply. Every method asks requireAccess first, before any side effect.
 */

const DAY_MS = 86_400_000;

/** The mark as the rules see it for the actor (after requireAccess passed). */
async function loadMark(db: Db, actor: Actor, id: number): Promise<AnnotationResource> {
  const [mark] = await selectAnnotationsForAccess(db, actor, [id]);
  if (!mark) throw notFound(`Annotation ${id}`);
  return mark;
}

function presentReply(row: AnnotationReplyRow, actor: Actor, mark: AnnotationResource): TAnnotationReply {
  return {
    id: row.id,
    annotation_id: row.annotationId,
    content: row.content,
    author_name: row.authorName ?? ANONYMOUS_AUTHOR,
    is_mine: isAnnotationAuthor(actor, row),
    created_at: row.createdAt.toISOString(),
    abilities: { delete: decideAnnotationReplyDelete(actor, { authorId: row.authorId, mark }) === 'allowed' },
  };
}

/** GET /api/annotations/{id}/replies: whoever sees the mark; a private (or unshared) mark shows no thread. */
export async function listReplies(db: Db, actor: Actor, id: number): Promise<TAnnotationReply[]> {
  await requireAccess(db, actor, 'annotation.read', [id]);
  const mark = await loadMark(db, actor, id);
  if (!mark.folder?.isShared) return [];
  return (await selectReplies(db, id)).map((row) => presentReply(row, actor, mark));
}

/** POST /api/annotations/{id}/replies: the folder's owner, editors and commenters; counted in the comment quota. */
export async function createReply(
  db: Db,
  userId: number,
  id: number,
  content: string,
  quotaPerDay: number,
): Promise<TAnnotationReply> {
  const actor = { userId };
  await requireAccess(db, actor, 'annotation.reply', [id]);
  const replyId = await db.transaction(async (tx) => {
    if ((await lockAndCountRepliesSince(tx, userId, new Date(Date.now() - DAY_MS))) >= quotaPerDay) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `You have written ${quotaPerDay} replies in the last 24 hours, the most allowed: please try again later`,
        { quota: quotaPerDay },
      );
    }
    return insertReply(tx, { annotationId: id, authorId: userId, content });
  });
  const [row] = await selectReplies(db, id, { id: replyId });
  if (!row) throw new Error('a reply just written is readable by its author');
  return presentReply(row, actor, await loadMark(db, actor, id));
}

/** DELETE /api/annotations/replies/{id}: its author, or the owner of the mark's folder. */
export async function deleteReply(db: Db, userId: number, id: number): Promise<void> {
  await requireAccess(db, { userId }, 'annotationReply.delete', [id]);
  if (!(await deleteReplyRow(db, userId, id))) throw notFound(`Reply ${id}`);
}

/** PATCH /api/annotations/{id}/thread: resolve or reopen, by whoever may reply. */
export async function updateThread(db: Db, userId: number, id: number, resolved: boolean): Promise<TAnnotation> {
  const actor = { userId };
  await requireAccess(db, actor, 'annotation.reply', [id]);
  await setResolved(db, id, resolved);
  const ref = await selectAnnotationPaper(db, id);
  if (!ref) throw notFound(`Annotation ${id}`);
  return presentOne(db, actor, ref, id);
}

/** POST /api/annotations/{id}/read: the caller has read the mark's thread up to now (whoever sees the mark). */
export async function readThread(db: Db, userId: number, id: number): Promise<void> {
  await requireAccess(db, { userId }, 'annotation.read', [id]);
  await markThreadRead(db, userId, id);
}

/** GET /api/annotations/unread?folder_id=: the folder page's unread count, for whoever may read the folder. */
export async function folderUnread(db: Db, actor: Actor, folderId: number) {
  await requireAccess(db, actor, 'folder.read', [folderId]);
  return { folder_id: folderId, unread_count: await countFolderUnread(db, actor, folderId) };
}
