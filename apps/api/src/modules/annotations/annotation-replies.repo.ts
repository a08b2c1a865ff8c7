import { and, asc, count, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { annotationReads, annotationReplies, annotations, folders, users } from '../../db/schema';
import type { Actor } from '../../policies/decision';
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

/**
 * docs/annotations.md#unread, per mark row (correlated on `annotations`): the replies by others that
 * the actor's last reading of the thread does not cover, plus 1 for someone else's shared mark whose
 * thread they never opened. 0 for a mark not shared with a shared folder, and for an anonymous visitor.
 */
export function unreadOf(actor: Actor): SQL<number> {
  if (actor.userId === null) return sql<number>`0`;
  const me = actor.userId;
  const readAfter = (when: SQL) =>
    sql`exists (select 1 from ${annotationReads} where ${annotationReads.annotationId} = ${annotations.id}
      and ${annotationReads.userId} = ${me} and ${annotationReads.readAt} >= ${when})`;
  return sql<number>`(case when ${annotations.folderId} in (select ${folders.id} from ${folders} where ${folders.type} = 'shared')
    then cast((select count(*) from ${annotationReplies} as reply where reply.annotation_id = ${annotations.id}
      and reply.author_id <> ${me} and not ${readAfter(sql`reply.created_at`)}) as integer)
      + (case when ${annotations.userId} <> ${me} and not exists (select 1 from ${annotationReads}
        where ${annotationReads.annotationId} = ${annotations.id} and ${annotationReads.userId} = ${me}) then 1 else 0 end)
    else 0 end)`;
}

/** Records that the user read the mark's thread now. */
export async function markThreadRead(db: Db, userId: number, annotationId: number): Promise<void> {
  await db
    .insert(annotationReads)
    .values({ userId, annotationId })
    .onConflictDoUpdate({
      target: [annotationReads.userId, annotationReads.annotationId],
      set: { readAt: sql`now()` },
    });
}
