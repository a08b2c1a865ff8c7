import type { TAssignableRole, TForumMode, TForumPermission, TSharedFolder } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { selectFolderMemberships } from '../../policies/access.repo';
import type { Actor } from '../../policies/decision';
import { computeForumAbilities } from '../../policies/folder.policy';
import { requireMemberRoom } from '../quotas/user-quotas';
import { presentPermission, presentSharedFolder } from './forum.presenter';
import {
  countFiles,
  deleteMember,
  type ForumRow,
  insertMember,
  recordVisit,
  selectListedForums,
  selectMembers,
  selectOwnedForUpdate,
  selectReadableForum,
  unshareFolder,
  updateMemberRole,
  updateMode,
  updateSharing,
} from './forum.repo';

/**
 * requirements §3 Shared folder, §7 forum routes (docs/collaboration.md). A forum is a folder shared by its
 * owner, addressed by the folder's id. Every method asks requireAccess first; the repo's scoped
 * queries stay behind it (docs/security.md#policies).
 */

export const sharedFolderNotFound = (folderId: number) =>
  new AppError('NOT_FOUND', `Shared folder ${folderId} not found`);

/** Forum responses for the rows, in three queries whatever their number. */
async function presentForums(db: Db, actor: Actor, rows: readonly ForumRow[]): Promise<TSharedFolder[]> {
  const ids = rows.map((row) => row.id);
  const memberships = await selectFolderMemberships(db, actor, ids);
  const managed = rows
    .filter((row) => computeForumAbilities(actor, row, memberships.get(row.id)).manage)
    .map((row) => row.id);
  const [fileCounts, members] = await Promise.all([countFiles(db, ids), selectMembers(db, managed)]);
  return rows.map((row) =>
    presentSharedFolder(row, {
      actor,
      membership: memberships.get(row.id),
      members: members.filter((member) => member.folderId === row.id),
      fileCount: fileCounts.get(row.id) ?? 0,
    }),
  );
}

/** The shared folder as the actor may read it; 404 when it is not shared (or not theirs to see). */
async function readForum(db: Db, actor: Actor, folderId: number): Promise<ForumRow> {
  const row = await selectReadableForum(db, actor, folderId);
  if (!row) throw sharedFolderNotFound(folderId);
  return row;
}

async function presentForum(db: Db, actor: Actor, folderId: number): Promise<TSharedFolder> {
  const [forum] = await presentForums(db, actor, [await readForum(db, actor, folderId)]);
  if (!forum) throw new Error('a forum row presents as one forum');
  return forum;
}

/** POST /api/forum/: the owner shares a folder, or sets the mode of one already shared (`created` false). */
export async function createForum(
  db: Db,
  userId: number,
  folderId: number,
  isPublic: boolean,
): Promise<{ created: boolean; forum: TSharedFolder }> {
  await requireAccess(db, { userId }, 'folder.share', [folderId]);
  const created = await db.transaction(async (tx) => {
    const folder = await selectOwnedForUpdate(tx, userId, folderId);
    if (!folder) throw new AppError('NOT_FOUND', `Folder ${folderId} not found`);
    await updateSharing(tx, userId, folderId, isPublic);
    return !folder.isShared;
  });
  return { created, forum: await presentForum(db, { userId }, folderId) };
}

/** GET /api/forum/: the caller's shared folders, those shared with their email, and public ones they opened. */
export async function listForums(db: Db, userId: number): Promise<TSharedFolder[]> {
  return presentForums(db, { userId }, await selectListedForums(db, userId));
}

/**
 * GET /api/forum/{id}. A caller with an id who opens a public folder they have no role on has it
 * remembered, so GET /api/forum/ lists it for them.
 */
export async function getForum(db: Db, actor: Actor, folderId: number): Promise<TSharedFolder> {
  await requireAccess(db, actor, 'folder.read', [folderId]);
  const forum = await presentForum(db, actor, folderId);
  if (actor.userId !== null && forum.role === null) await recordVisit(db, actor.userId, folderId);
  return forum;
}

/** GET /api/forum/{id}/permission: role null and view only for a stranger to a public folder. */
export async function getPermission(db: Db, actor: Actor, folderId: number): Promise<TForumPermission> {
  await requireAccess(db, actor, 'folder.read', [folderId]);
  const row = await readForum(db, actor, folderId);
  const memberships = await selectFolderMemberships(db, actor, [folderId]);
  return presentPermission(row, { actor, membership: memberships.get(folderId) });
}

export async function getMode(db: Db, actor: Actor, folderId: number): Promise<TForumMode> {
  await requireAccess(db, actor, 'folder.read', [folderId]);
  return { is_public: (await readForum(db, actor, folderId)).isPublic };
}

export async function setMode(db: Db, userId: number, folderId: number, isPublic: boolean): Promise<TForumMode> {
  await requireAccess(db, { userId }, 'folder.manage', [folderId]);
  if (!(await updateMode(db, userId, folderId, isPublic))) throw sharedFolderNotFound(folderId);
  return { is_public: isPublic };
}

/** DELETE /api/forum/{id}: back to a private folder; its members and visits go, its files and comments stay. */
export async function removeForum(db: Db, userId: number, folderId: number): Promise<void> {
  await requireAccess(db, { userId }, 'folder.manage', [folderId]);
  await db.transaction(async (tx) => {
    const folder = await selectOwnedForUpdate(tx, userId, folderId);
    if (!folder?.isShared) throw sharedFolderNotFound(folderId);
    await unshareFolder(tx, userId, folderId);
  });
}

export type MemberChange =
  | { kind: 'add' | 'update'; email: string; role: TAssignableRole }
  | { kind: 'remove'; email: string };

/**
 * The member routes: the owner gives, changes or takes an email's role. The owner's own email is
 * refused (400): ownership is the folder's, not a role an email can be given.
 */
export async function changeMember(
  db: Db,
  userId: number,
  folderId: number,
  change: MemberChange,
  memberQuota: number,
): Promise<TSharedFolder> {
  const { email } = change;
  await requireAccess(db, { userId }, 'folder.manage', [folderId]);
  await db.transaction(async (tx) => {
    const folder = await selectOwnedForUpdate(tx, userId, folderId);
    if (!folder?.isShared) throw sharedFolderNotFound(folderId);
    if (folder.ownerEmail === email) {
      throw new AppError('INVALID_REQUEST', `${email} is the folder's owner: the owner's role cannot be changed`);
    }
    if (change.kind === 'add') {
      await requireMemberRoom(tx, folderId, memberQuota);
      if (!(await insertMember(tx, { folderId, email, role: change.role, addedBy: userId }))) {
        throw new AppError(
          'CONFLICT',
          `${email} already has a role on folder ${folderId}: change it with update_user_role`,
        );
      }
      return;
    }
    const changed =
      change.kind === 'update'
        ? await updateMemberRole(tx, folderId, email, change.role)
        : await deleteMember(tx, folderId, email);
    if (!changed) throw new AppError('NOT_FOUND', `${email} has no role on folder ${folderId}`);
  });
  return presentForum(db, { userId }, folderId);
}
