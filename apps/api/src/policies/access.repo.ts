import type { TPaperRef } from '@paperbench/contract';
import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chatSessions, folderFiles, folders, papers, sharedLists, uploads } from '../db/schema';
import { ownedFolder } from '../modules/folders/folder-scope.repo';
import { isFileOf } from '../modules/folders/folders.repo';
import { paperRefsFilter, UPLOAD_PLATFORM } from '../modules/papers/paper-visibility.repo';
import type { Actor } from './decision';
import type { FolderMembership, LoadedFolder } from './folder.policy';
import type { PaperResource } from './paper.policy';
import type { SessionResource } from './session.policy';
import type { ShareResource } from './share.policy';

/*
 * What the rules need, loaded for a whole set of ids in one query per kind (conventions: Immich
 * access checks). These queries load facts; whether they allow anything is the rules' decision.
 */

/**
 * The actor's memberships of these folders. None exist until shared folders (spec §3 Shared folder) add members;
 * its lookup goes here, and every folder rule then sees the member's role.
 */
export async function selectFolderMemberships(
  _db: Db,
  _actor: Actor,
  _folderIds: readonly number[],
): Promise<Map<number, FolderMembership>> {
  return new Map();
}

/** The folder rows with the actor's membership of each attached. */
async function withMemberships<Row extends Omit<LoadedFolder, 'membership'>>(db: Db, actor: Actor, rows: Row[]) {
  const memberships = await selectFolderMemberships(db, actor, [...new Set(rows.map((row) => row.id))]);
  return rows.map((row): Row & LoadedFolder => ({ ...row, membership: memberships.get(row.id) }));
}

export async function selectFoldersForAccess(db: Db, actor: Actor, ids: readonly number[]): Promise<LoadedFolder[]> {
  const rows = await db
    .select({ id: folders.id, ownerId: folders.ownerId })
    .from(folders)
    .where(inArray(folders.id, [...ids]));
  return withMemberships(db, actor, rows);
}

/** The folders the actor can reach: today their own; later the ones they are a member of as well. */
const reachableFolder = (actor: Actor) => (actor.userId === null ? sql`false` : ownedFolder(actor.userId));

/** Each existing paper among the refs, with who uploaded it and whether a folder the actor can reach holds it. */
export function selectPapersForAccess(
  db: Db,
  actor: Actor,
  refs: readonly TPaperRef[],
): Promise<(PaperResource & { platform: string; paperId: string })[]> {
  const isUpload = eq(papers.platform, UPLOAD_PLATFORM);
  const holding = db
    .select({ one: sql`1` })
    .from(folderFiles)
    .innerJoin(folders, eq(folders.id, folderFiles.folderId))
    .where(
      and(eq(folderFiles.platform, papers.platform), eq(folderFiles.paperId, papers.paperId), reachableFolder(actor)),
    );
  return db
    .select({
      platform: papers.platform,
      paperId: papers.paperId,
      isUpload: sql<boolean>`${isUpload}`,
      uploaderId: uploads.ownerId,
      // Only an upload's holders matter, so public papers skip the lookup.
      isHeldByActor: sql<boolean>`${and(isUpload, exists(holding))}`,
    })
    .from(papers)
    .leftJoin(uploads, and(eq(uploads.platform, papers.platform), eq(uploads.paperId, papers.paperId)))
    .where(paperRefsFilter(refs));
}

/** Per folder within the actor's reach that holds one of the refs: the ref and the folder. */
export async function selectHoldersForAccess(db: Db, actor: Actor, refs: readonly TPaperRef[]) {
  const rows = await db
    .select({
      platform: folderFiles.platform,
      paperId: folderFiles.paperId,
      id: folders.id,
      ownerId: folders.ownerId,
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
