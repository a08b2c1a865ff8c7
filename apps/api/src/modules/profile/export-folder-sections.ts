import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { folderComments, folderFiles, folderMembers, folders, forumVisits, papers } from '../../db/schema';
import { childrenByParent, iso, listSection, titleIfReadable } from './export-section';
import { membershipsOf } from './profile.repo';

/** The caller's own folders, of one type or all, in the order made. */
const ownFolders = (tx: Tx, userId: number, type?: 'shared') =>
  tx
    .select()
    .from(folders)
    .where(and(eq(folders.ownerId, userId), type ? eq(folders.type, type) : undefined))
    .orderBy(folders.createdAt, folders.id);

const filesOf = (tx: Tx, userId: number, folderIds: number[]) =>
  childrenByParent(
    folderIds,
    (ids) =>
      tx
        .select({
          folderId: folderFiles.folderId,
          platform: folderFiles.platform,
          paperId: folderFiles.paperId,
          title: titleIfReadable(userId),
          selected: folderFiles.selected,
          addedAt: folderFiles.addedAt,
        })
        .from(folderFiles)
        .innerJoin(papers, and(eq(papers.platform, folderFiles.platform), eq(papers.paperId, folderFiles.paperId)))
        .where(inArray(folderFiles.folderId, ids))
        .orderBy(folderFiles.addedAt),
    (file) => file.folderId,
  );

/** Members appear (by email) only for the caller's own shared folders: no other user's id. */
const membersOf = (tx: Tx, folderIds: number[]) =>
  childrenByParent(
    folderIds,
    (ids) =>
      tx
        .select({
          folderId: folderMembers.folderId,
          email: folderMembers.email,
          role: folderMembers.role,
          createdAt: folderMembers.createdAt,
        })
        .from(folderMembers)
        .where(inArray(folderMembers.folderId, ids))
        .orderBy(folderMembers.createdAt),
    (member) => member.folderId,
  );

export const foldersSection = listSection('folders', {
  read: async (tx, { userId }) => {
    const owned = await ownFolders(tx, userId);
    const files = await filesOf(
      tx,
      userId,
      owned.map((folder) => folder.id),
    );
    return owned.map((folder) => ({ ...folder, files: files(folder.id) }));
  },
  present: (folder) => ({
    id: folder.id,
    name: folder.name,
    type: folder.type,
    is_public: folder.isPublic,
    created_at: iso(folder.createdAt),
    updated_at: iso(folder.updatedAt),
    files: folder.files.map((file) => ({
      platform: file.platform,
      paper_id: file.paperId,
      title: file.title,
      selected: file.selected,
      added_at: iso(file.addedAt),
    })),
  }),
});

export const folderCommentsSection = listSection('folder_comments', {
  read: (tx, { userId }) =>
    tx
      .select({
        id: folderComments.id,
        folderId: folderComments.folderId,
        folderName: folders.name,
        parentId: folderComments.parentId,
        content: folderComments.content,
        createdAt: folderComments.createdAt,
      })
      .from(folderComments)
      .innerJoin(folders, eq(folders.id, folderComments.folderId))
      .where(eq(folderComments.authorId, userId))
      .orderBy(folderComments.createdAt, folderComments.id),
  present: (comment) => ({
    id: comment.id,
    folder_id: comment.folderId,
    folder_name: comment.folderName,
    parent_id: comment.parentId,
    content: comment.content,
    created_at: iso(comment.createdAt),
  }),
});

export const sharedFoldersSection = listSection('shared_folders', {
  read: async (tx, { userId }) => {
    const shared = await ownFolders(tx, userId, 'shared');
    const members = await membersOf(
      tx,
      shared.map((folder) => folder.id),
    );
    return shared.map((folder) => ({ ...folder, members: members(folder.id) }));
  },
  present: (folder) => ({
    id: folder.id,
    name: folder.name,
    is_public: folder.isPublic,
    members: folder.members.map((member) => ({
      email: member.email,
      role: member.role,
      added_at: iso(member.createdAt),
    })),
  }),
});

/** Others' shared folders where the caller's email holds a role. */
export const membershipsSection = listSection('memberships', {
  read: async (tx, { userId, email }) =>
    email
      ? tx
          .select({
            folderId: folders.id,
            folderName: folders.name,
            role: folderMembers.role,
            createdAt: folderMembers.createdAt,
          })
          .from(folderMembers)
          .innerJoin(folders, eq(folders.id, folderMembers.folderId))
          .where(membershipsOf(email, userId))
          .orderBy(folderMembers.createdAt)
      : [],
  present: (membership) => ({
    folder_id: membership.folderId,
    folder_name: membership.folderName,
    role: membership.role,
    added_at: iso(membership.createdAt),
  }),
});

export const forumVisitsSection = listSection('forum_visits', {
  read: (tx, { userId }) =>
    tx
      .select({ folderId: forumVisits.folderId, visitedAt: forumVisits.visitedAt })
      .from(forumVisits)
      .where(eq(forumVisits.userId, userId))
      .orderBy(forumVisits.visitedAt),
  present: (visit) => ({ folder_id: visit.folderId, visited_at: iso(visit.visitedAt) }),
});
