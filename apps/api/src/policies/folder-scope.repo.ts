import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { folderFiles, folderMembers, folders, users } from '../db/schema';
import type { Actor } from './decision';
import { type FolderAction, memberRolesFor } from './folder.policy';

/**
 * conventions (Documenso buildTeamWhereQuery): every query over user-owned folders and their files
 * goes through these helpers, so the caller's scope is in the SQL itself. A row outside it simply is
 * not found: 404, never 403 (architecture: a miss must not reveal that the row exists).
 */
export const ownedFolder = (ownerId: number): SQL => eq(folders.ownerId, ownerId);

/** `folder_files.folder_id in (the caller's folders)`, for writes that cannot join. */
export function inOwnedFolders(db: Db, ownerId: number): SQL {
  const owned = db.select({ id: folders.id }).from(folders).where(ownedFolder(ownerId));
  return inArray(folderFiles.folderId, owned);
}

const isShared = (): SQL => eq(folders.type, 'shared');

/**
 * The folder is shared and the user's email holds a role there allowing `action` (requirements §3 Shared
 * folder: roles are granted to an email and reach whoever signs in with it). The roles come from the
 * folder rule's own table, so the SQL scope and requireAccess cannot drift apart.
 */
function memberAllowed(userId: number, action: FolderAction): SQL {
  const roles = memberRolesFor(action);
  if (roles.length === 0) return sql`false`;
  const member = sql`exists (select 1 from ${folderMembers} inner join ${users} on ${users.email} = ${folderMembers.email}
    where ${folderMembers.folderId} = ${folders.id} and ${users.id} = ${userId}
    and ${folderMembers.role} in (${sql.join(
      roles.map((role) => sql`${role}`),
      sql`, `,
    )}))`;
  return and(isShared(), member) as SQL;
}

/**
 * The folders the actor may read (the folder rule's 'read', in SQL): their own, public shared ones
 * (for anyone, signed in or not), and shared ones whose members include the actor's email.
 */
export function readableFolder(actor: Actor): SQL {
  const publicShared = and(isShared(), eq(folders.isPublic, true)) as SQL;
  if (actor.userId === null) return publicShared;
  return or(ownedFolder(actor.userId), publicShared, memberAllowed(actor.userId, 'read')) as SQL;
}

/** Shared folders whose members include the user's email, whatever the role. */
export const memberFolder = (userId: number): SQL => memberAllowed(userId, 'read');

/** The folders where the user's role allows `action`: their own, and shared ones where a membership grants it. */
export const folderAllowing = (userId: number, action: FolderAction): SQL =>
  or(ownedFolder(userId), memberAllowed(userId, action)) as SQL;

/** The folders the user may add papers to and remove them from: their own, and shared ones where they edit. */
export const editableFolder = (userId: number): SQL =>
  or(ownedFolder(userId), and(memberAllowed(userId, 'addFile'), memberAllowed(userId, 'removeFile'))) as SQL;

/** The folders the user may comment on: their own, and shared ones where they comment or edit. */
export const commentableFolder = (userId: number): SQL =>
  or(ownedFolder(userId), memberAllowed(userId, 'comment')) as SQL;

/** `folder_files.folder_id in (the folders the user may edit)`, for writes that cannot join. */
export function inEditableFolders(db: Db, userId: number): SQL {
  const editable = db.select({ id: folders.id }).from(folders).where(editableFolder(userId));
  return inArray(folderFiles.folderId, editable);
}
