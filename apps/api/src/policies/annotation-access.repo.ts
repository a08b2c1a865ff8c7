import { paperRefKey } from '@paperbench/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { annotationReplies, annotations, folders } from '../db/schema';
import { folderFacts, selectFolderMemberships, selectPapersForAccess } from './access.repo';
import type { AnnotationReplyResource, AnnotationResource } from './annotation.policy';
import type { Actor } from './decision';

/**
 * Each existing mark among the ids with what decideAnnotation reads: its author, its paper's facts and
 * the folder it is shared with (with the actor's membership). One query per table whatever the ids.
 */
export async function selectAnnotationsForAccess(
  db: Db,
  actor: Actor,
  ids: readonly number[],
): Promise<(AnnotationResource & { id: number })[]> {
  const rows = await db
    .select({
      id: annotations.id,
      authorId: annotations.userId,
      platform: annotations.platform,
      paperId: annotations.paperId,
      folderId: folders.id,
      ownerId: folders.ownerId,
      isShared: folderFacts.isShared,
      isPublic: folders.isPublic,
    })
    .from(annotations)
    .leftJoin(folders, eq(folders.id, annotations.folderId))
    .where(inArray(annotations.id, [...ids]));
  if (rows.length === 0) return [];
  const papers = new Map(
    (
      await selectPapersForAccess(
        db,
        actor,
        rows.map((row) => ({ platform: row.platform, paper_id: row.paperId })),
      )
    ).map((paper) => [paperRefKey({ platform: paper.platform, paper_id: paper.paperId }), paper]),
  );
  const folderIds = rows.flatMap((row) => (row.folderId === null ? [] : [row.folderId]));
  const memberships = await selectFolderMemberships(db, actor, [...new Set(folderIds)]);
  return rows.flatMap((row) => {
    const paper = papers.get(paperRefKey({ platform: row.platform, paper_id: row.paperId }));
    if (!paper) return [];
    const folder =
      row.folderId === null || row.ownerId === null
        ? null
        : {
            id: row.folderId,
            ownerId: row.ownerId,
            isShared: row.isShared,
            isPublic: row.isPublic ?? false,
            membership: memberships.get(row.folderId),
          };
    return [{ id: row.id, authorId: row.authorId, paper, folder }];
  });
}

/** Each existing reply among the ids, with its author and its mark's facts (as selectAnnotationsForAccess). */
export async function selectAnnotationRepliesForAccess(
  db: Db,
  actor: Actor,
  ids: readonly number[],
): Promise<(AnnotationReplyResource & { id: number })[]> {
  const rows = await db
    .select({ id: annotationReplies.id, authorId: annotationReplies.authorId, markId: annotationReplies.annotationId })
    .from(annotationReplies)
    .where(inArray(annotationReplies.id, [...ids]));
  if (rows.length === 0) return [];
  const marks = new Map(
    (await selectAnnotationsForAccess(db, actor, [...new Set(rows.map((row) => row.markId))])).map((mark) => [
      mark.id,
      mark,
    ]),
  );
  return rows.flatMap((row) => {
    const mark = marks.get(row.markId);
    return mark ? [{ id: row.id, authorId: row.authorId, mark }] : [];
  });
}
