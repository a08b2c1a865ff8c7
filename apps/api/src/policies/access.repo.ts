import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  chatSessions,
  folderComments,
  folderFiles,
  folderMembers,
  folders,
  ideas,
  paperComments,
  papers,
  sharedLists,
  uploads,
  users,
} from '../db/schema';
import { isFileOf } from '../modules/folders/folders.repo';
import { paperRefsFilter, placedByUploader, UPLOAD_PLATFORM } from '../modules/papers/paper-visibility.repo';
import type { FolderCommentResource, PaperCommentResource } from './comment.policy';
import type { Actor } from './decision';
import type { FolderMembership, LoadedFolder } from './folder.policy';
import { ownedFolder } from './folder-scope.repo';
import type { PaperResource } from './paper.policy';
import type { SessionResource } from './session.policy';
import type { ShareResource } from './share.policy';

/*
 * What the rules need, loaded for a whole set of ids in one query per kind (conventions: Immich
 * access checks). These queries load facts; whether they allow anything is the rules' decision.
 */

/**
 * The actor's memberships of these folders (requirements §3 Shared folder): roles are granted to an email, so
 * they reach whoever is signed in with it, whenever they signed in. Anonymous users have none.
 */
export async function selectFolderMemberships(
  db: Db,
  actor: Actor,
  folderIds: readonly number[],
): Promise<Map<number, FolderMembership>> {
  if (actor.userId === null || folderIds.length === 0) return new Map();
  const rows = await db
    .select({ folderId: folderMembers.folderId, role: folderMembers.role })
    .from(folderMembers)
    .innerJoin(users, eq(users.email, folderMembers.email))
    .where(and(eq(users.id, actor.userId), inArray(folderMembers.folderId, [...folderIds])));
  return new Map(rows.map((row) => [row.folderId, { role: row.role as FolderMembership['role'] }]));
}

/** The facts every folder rule reads (FolderResource), selected beside a folder's id. */
export const folderFacts = {
  id: folders.id,
  ownerId: folders.ownerId,
  isShared: sql<boolean>`${folders.type} = 'shared'`,
  isPublic: folders.isPublic,
};

/** The folder rows with the actor's membership of each attached. */
async function withMemberships<Row extends Omit<LoadedFolder, 'membership'>>(db: Db, actor: Actor, rows: Row[]) {
  const memberships = await selectFolderMemberships(db, actor, [...new Set(rows.map((row) => row.id))]);
  return rows.map((row): Row & LoadedFolder => ({ ...row, membership: memberships.get(row.id) }));
}

export async function selectFoldersForAccess(db: Db, actor: Actor, ids: readonly number[]): Promise<LoadedFolder[]> {
  const rows = await db
    .select(folderFacts)
    .from(folders)
    .where(inArray(folders.id, [...ids]));
  return withMemberships(db, actor, rows);
}

/** The actor's File List: the folders they own (shared folders of others are reached through /rwf). */
const reachableFolder = (actor: Actor) => (actor.userId === null ? sql`false` : ownedFolder(actor.userId));

/**
 * Each existing paper among the refs, with who uploaded it and, for an upload, the shared folders its
 * uploader put it in (with the actor's membership of each): the facts decidePaperRead reads.
 */
export async function selectPapersForAccess(
  db: Db,
  actor: Actor,
  refs: readonly TPaperRef[],
): Promise<(PaperResource & { platform: string; paperId: string })[]> {
  const rows = await db
    .select({
      platform: papers.platform,
      paperId: papers.paperId,
      isUpload: sql<boolean>`${eq(papers.platform, UPLOAD_PLATFORM)}`,
      uploaderId: uploads.ownerId,
    })
    .from(papers)
    .leftJoin(uploads, and(eq(uploads.platform, papers.platform), eq(uploads.paperId, papers.paperId)))
    .where(paperRefsFilter(refs));
  const uploadRefs = rows
    .filter((row) => row.isUpload)
    .map((row) => ({ platform: row.platform, paper_id: row.paperId }));
  // Only an upload's grants matter, so public papers skip the lookup.
  const grants = uploadRefs.length === 0 ? new Map() : groupByRef(await selectGrantingFolders(db, actor, uploadRefs));
  return rows.map((row) => ({
    ...row,
    grantingFolders: grants.get(paperRefKey({ platform: row.platform, paper_id: row.paperId })) ?? [],
  }));
}

/** The shared folders holding these uploads that their uploaders put them in, each with the ref it holds. */
async function selectGrantingFolders(db: Db, actor: Actor, refs: readonly TPaperRef[]) {
  const rows = await db
    .select({ platform: uploads.platform, paperId: uploads.paperId, ...folderFacts })
    .from(uploads)
    .innerJoin(folderFiles, placedByUploader())
    .innerJoin(folders, and(eq(folders.id, folderFiles.folderId), eq(folders.type, 'shared')))
    .where(or(...refs.map((ref) => and(eq(uploads.platform, ref.platform), eq(uploads.paperId, ref.paper_id)))));
  return withMemberships(db, actor, rows);
}

/** A paper ref as a map key. */

/** Rows that carry a ref, grouped by it. */
export function groupByRef<Row extends { platform: string; paperId: string }>(rows: readonly Row[]) {
  const byRef = new Map<string, Row[]>();
  for (const row of rows) {
    const key = paperRefKey({ platform: row.platform, paper_id: row.paperId });
    byRef.set(key, [...(byRef.get(key) ?? []), row]);
  }
  return byRef;
}

/** Per folder within the actor's reach that holds one of the refs: the ref and the folder. */
export async function selectHoldersForAccess(db: Db, actor: Actor, refs: readonly TPaperRef[]) {
  const rows = await db
    .select({
      platform: folderFiles.platform,
      paperId: folderFiles.paperId,
      ...folderFacts,
    })
    .from(folderFiles)
    .innerJoin(folders, and(eq(folders.id, folderFiles.folderId), reachableFolder(actor)))
    .where(or(...refs.map(isFileOf)));
  return withMemberships(db, actor, rows);
}

export function selectSharesForAccess(
  db: Db,
  shareIds: readonly string[],
): Promise<(ShareResource & { shareId: string })[]> {
  return db
    .select({ shareId: sharedLists.shareId, createdBy: sharedLists.createdBy })
    .from(sharedLists)
    .where(inArray(sharedLists.shareId, [...shareIds]));
}

export function selectChatSessionsForAccess(
  db: Db,
  ids: readonly number[],
): Promise<(SessionResource & { id: number })[]> {
  return db
    .select({ id: chatSessions.id, userId: chatSessions.userId })
    .from(chatSessions)
    .where(inArray(chatSessions.id, [...ids]));
}

export function selectIdeasForAccess(db: Db, ids: readonly number[]): Promise<(SessionResource & { id: number })[]> {
  return db
    .select({ id: ideas.id, userId: ideas.userId })
    .from(ideas)
    .where(inArray(ideas.id, [...ids]));
}

/** Each existing paper comment among the ids, with its author and its paper's facts for the actor. */
export async function selectPaperCommentsForAccess(
  db: Db,
  actor: Actor,
  ids: readonly number[],
): Promise<(PaperCommentResource & { id: number })[]> {
  const rows = await db
    .select({
      id: paperComments.id,
      authorId: paperComments.authorId,
      platform: paperComments.platform,
      paperId: paperComments.paperId,
    })
    .from(paperComments)
    .where(inArray(paperComments.id, [...ids]));
  if (rows.length === 0) return [];
  const refs = rows.map((row) => ({ platform: row.platform, paper_id: row.paperId }));
  const papersByRef = new Map(
    (await selectPapersForAccess(db, actor, refs)).map((paper) => [
      paperRefKey({ platform: paper.platform, paper_id: paper.paperId }),
      paper,
    ]),
  );
  return rows.flatMap((row) => {
    const paper = papersByRef.get(paperRefKey({ platform: row.platform, paper_id: row.paperId }));
    return paper ? [{ id: row.id, authorId: row.authorId, paper }] : [];
  });
}

/** Each existing folder comment among the ids, with its author and its folder (with the actor's membership). */
export async function selectFolderCommentsForAccess(
  db: Db,
  actor: Actor,
  ids: readonly number[],
): Promise<(FolderCommentResource & { id: number })[]> {
  const rows = await db
    .select({ commentId: folderComments.id, authorId: folderComments.authorId, ...folderFacts })
    .from(folderComments)
    .innerJoin(folders, eq(folders.id, folderComments.folderId))
    .where(inArray(folderComments.id, [...ids]));
  const loaded = await withMemberships(
    db,
    actor,
    rows.map((row) => ({ id: row.id, ownerId: row.ownerId, isShared: row.isShared, isPublic: row.isPublic })),
  );
  return rows.map((row, index) => ({
    id: row.commentId,
    authorId: row.authorId,
    folder: loaded[index] as LoadedFolder,
  }));
}
