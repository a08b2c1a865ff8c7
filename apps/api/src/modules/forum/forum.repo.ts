import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { folderFiles, folderMembers, folders, forumVisits, users } from '../../db/schema';
import type { Actor } from '../../policies/decision';
import type { FolderMembership } from '../../policies/folder.policy';
import { memberFolder, ownedFolder, readableFolder } from '../../policies/folder-scope.repo';

/** A shared folder with what its forum responses show; the owner's email only to check add_user. */
export interface ForumRow {
  id: number;
  ownerId: number;
  name: string;
  isShared: boolean;
  isPublic: boolean;
  createdAt: Date;
  ownerName: string | null;
  ownerEmail: string | null;
}

export interface MemberRow {
  folderId: number;
  email: string;
  role: FolderMembership['role'];
  /** The member's display name once someone has signed in with the email. */
  name: string | null;
}

const owner = alias(users, 'forum_owner');
const isShared = eq(folders.type, 'shared');

const forumColumns = {
  id: folders.id,
  ownerId: folders.ownerId,
  name: folders.name,
  isShared: sql<boolean>`${folders.type} = 'shared'`,
  isPublic: folders.isPublic,
  createdAt: folders.createdAt,
  ownerName: owner.name,
  ownerEmail: owner.email,
};

const selectForums = (db: Db, where: SQL | undefined) =>
  db
    .select(forumColumns)
    .from(folders)
    .innerJoin(owner, eq(owner.id, folders.ownerId))
    .where(and(isShared, where))
    .orderBy(asc(folders.createdAt), asc(folders.id));

/** One shared folder the actor may read (the second wall behind requireAccess), or null. */
export async function selectReadableForum(db: Db, actor: Actor, folderId: number): Promise<ForumRow | null> {
  const [row] = await selectForums(db, and(eq(folders.id, folderId), readableFolder(actor)));
  return row ?? null;
}

/**
 * GET /api/forum/: the shared folders the user owns, those shared with their email, and public ones
 * they have opened (and can still read), oldest first.
 */
export function selectListedForums(db: Db, userId: number): Promise<ForumRow[]> {
  const visited = sql`exists (select 1 from ${forumVisits} where ${forumVisits.folderId} = ${folders.id}
    and ${forumVisits.userId} = ${userId})`;
  return selectForums(db, and(readableFolder({ userId }), or(ownedFolder(userId), memberFolder(userId), visited)));
}

/** The number of papers in each folder. */
export async function countFiles(db: Db, folderIds: readonly number[]): Promise<Map<number, number>> {
  if (folderIds.length === 0) return new Map();
  const rows = await db
    .select({ folderId: folderFiles.folderId, n: count() })
    .from(folderFiles)
    .where(inArray(folderFiles.folderId, [...folderIds]))
    .groupBy(folderFiles.folderId);
  return new Map(rows.map((row) => [row.folderId, row.n]));
}

/** The members of each folder, oldest first, with the name of whoever signed in with the email. */
export async function selectMembers(db: Db, folderIds: readonly number[]): Promise<MemberRow[]> {
  if (folderIds.length === 0) return [];
  const rows = await db
    .select({
      folderId: folderMembers.folderId,
      email: folderMembers.email,
      role: folderMembers.role,
      name: users.name,
    })
    .from(folderMembers)
    .leftJoin(users, eq(users.email, folderMembers.email))
    .where(inArray(folderMembers.folderId, [...folderIds]))
    .orderBy(asc(folderMembers.createdAt), asc(folderMembers.email));
  // The schema's CHECK keeps role to the assignable roles.
  return rows.map((row) => ({ ...row, role: row.role as MemberRow['role'] }));
}

/**
 * One of the user's folders, locked for the rest of the transaction, with its owner's email; null when
 * it is not theirs. Managing a forum is the owner's alone, so every forum write is scoped to ownership.
 */
export async function selectOwnedForUpdate(db: Db, userId: number, folderId: number) {
  const [row] = await db
    .select({ isShared: forumColumns.isShared, ownerEmail: owner.email })
    .from(folders)
    .innerJoin(owner, eq(owner.id, folders.ownerId))
    .where(and(eq(folders.id, folderId), ownedFolder(userId)))
    .for('update', { of: folders });
  return row ?? null;
}

/** Shares one of the user's folders (or sets the mode of a shared one). */
export async function updateSharing(db: Db, userId: number, folderId: number, isPublic: boolean) {
  await db
    .update(folders)
    .set({ type: 'shared', isPublic, updatedAt: new Date() })
    .where(and(eq(folders.id, folderId), ownedFolder(userId)));
}

/** Sets the mode of one of the user's shared folders; false when there is none. */
export async function updateMode(db: Db, userId: number, folderId: number, isPublic: boolean): Promise<boolean> {
  const updated = await db
    .update(folders)
    .set({ isPublic, updatedAt: new Date() })
    .where(and(eq(folders.id, folderId), ownedFolder(userId), isShared))
    .returning({ id: folders.id });
  return updated.length > 0;
}

/** Unshares one of the user's folders: back to a plain private folder, its members and visits gone. */
export async function unshareFolder(db: Db, userId: number, folderId: number): Promise<void> {
  const owned = db.select({ id: folders.id }).from(folders).where(ownedFolder(userId));
  await db
    .delete(folderMembers)
    .where(and(eq(folderMembers.folderId, folderId), inArray(folderMembers.folderId, owned)));
  await db.delete(forumVisits).where(and(eq(forumVisits.folderId, folderId), inArray(forumVisits.folderId, owned)));
  await db
    .update(folders)
    .set({ type: 'folder', isPublic: false, updatedAt: new Date() })
    .where(and(eq(folders.id, folderId), ownedFolder(userId)));
}

/** Gives an email a role; false when it already has one there (the primary key keeps one). */
export async function insertMember(
  db: Db,
  member: { folderId: number; email: string; role: MemberRow['role']; addedBy: number },
): Promise<boolean> {
  const inserted = await db
    .insert(folderMembers)
    .values(member)
    .onConflictDoNothing()
    .returning({ email: folderMembers.email });
  return inserted.length > 0;
}

/** Changes an email's role; false when it has none there. */
export async function updateMemberRole(db: Db, folderId: number, email: string, role: MemberRow['role']) {
  const updated = await db
    .update(folderMembers)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(folderMembers.folderId, folderId), eq(folderMembers.email, email)))
    .returning({ email: folderMembers.email });
  return updated.length > 0;
}

/** Takes an email's role away; false when it has none there. */
export async function deleteMember(db: Db, folderId: number, email: string): Promise<boolean> {
  const deleted = await db
    .delete(folderMembers)
    .where(and(eq(folderMembers.folderId, folderId), eq(folderMembers.email, email)))
    .returning({ email: folderMembers.email });
  return deleted.length > 0;
}

/** Remembers that the user opened a public shared folder (GET /api/forum/ lists it from then on). */
export async function recordVisit(db: Db, userId: number, folderId: number): Promise<void> {
  await db
    .insert(forumVisits)
    .values({ userId, folderId })
    .onConflictDoUpdate({ target: [forumVisits.userId, forumVisits.folderId], set: { visitedAt: new Date() } });
}
