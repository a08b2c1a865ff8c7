import { and, asc, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { annotationReplies, annotations, folders, users } from '../../db/schema';
import { ownedFolder } from '../../policies/folder-scope.repo';

/** A reply with its author's display name (null until they sign in); the author's id is for the rules only. */
export type AnnotationReplyRow = Awaited<ReturnType<typeof selectReplies>>[number];

/** A mark's replies, oldest first (the caller has passed requireAccess on the mark). */
export function selectReplies(db: Db, markId: number, only?: { id: number }) {
  return db
    .select({
      id: annotationReplies.id,
      annotationId: annotationReplies.annotationId,
      authorId: annotationReplies.authorId,
      authorName: users.name,
      content: annotationReplies.content,
      createdAt: annotationReplies.createdAt,
    })
    .from(annotationReplies)
    .innerJoin(users, eq(users.id, annotationReplies.authorId))
    .where(and(eq(annotationReplies.annotationId, markId), only ? eq(annotationReplies.id, only.id) : undefined))
    .orderBy(asc(annotationReplies.createdAt), asc(annotationReplies.id));
}

/**
 * Inside a transaction, under the user's comment-quota lock (the one comments take, so replies and
 * comments cannot race each other past it): how many replies the user wrote since `since`.
 */
export async function lockAndCountRepliesSince(tx: Db, userId: number, since: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.commentQuota}, ${userId})`);
  const [row] = await tx
    .select({ n: count() })
    .from(annotationReplies)
    .where(and(eq(annotationReplies.authorId, userId), gt(annotationReplies.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertReply(tx: Db, reply: { annotationId: number; authorId: number; content: string }) {
  const [row] = await tx.insert(annotationReplies).values(reply).returning({ id: annotationReplies.id });
  if (!row) throw new Error('reply insert returned no row');
  return row.id;
}

/** Deletes a reply the user wrote, or one on a mark shared with a folder they own; false when none. */
export async function deleteReplyRow(db: Db, userId: number, id: number): Promise<boolean> {
  const moderated = db
    .select({ id: annotations.id })
    .from(annotations)
    .innerJoin(folders, and(eq(folders.id, annotations.folderId), ownedFolder(userId)));
  const rows = await db
    .delete(annotationReplies)
    .where(
      and(
        eq(annotationReplies.id, id),
        or(eq(annotationReplies.authorId, userId), inArray(annotationReplies.annotationId, moderated)),
      ),
    )
    .returning({ id: annotationReplies.id });
  return rows.length === 1;
}

/** Resolves (now) or reopens (null) a mark's thread. */
export async function setResolved(db: Db, markId: number, resolved: boolean): Promise<void> {
  await db
    .update(annotations)
    .set({ resolvedAt: resolved ? sql`now()` : null })
    .where(eq(annotations.id, markId));
}
