import type { TPaperRef } from '@paperbench/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hasPdfColumn } from '../../db/columns/upload-joins';
import { folderFiles, folders, papers, paperTexts, users } from '../../db/schema';
import { inOwnedFolders, ownedFolder } from '../../policies/folder-scope.repo';
import { type FolderFileRow, isFileOf } from '../folders/folders.repo';
import { visiblePaperFilter } from '../papers/paper-visibility.repo';

/**
 * A paper the user holds, across folders: a folder file row without its folder, with where its
 * full text stands (docs/ai.md#full-text-and-passages; null for a paper whose text was never asked for).
 */
export type UserFileRow = Omit<FolderFileRow, 'folderId'> & { textStatus: string | null; textError: string | null };

const firstAdded = sql`min(${folderFiles.addedAt})`;

/**
 * The user's files: distinct papers across all their folders, in the order they were first added.
 * requirements §4: selection is read back from the folders' flags: selected in any folder counts.
 */
export async function selectUserFiles(db: Db, userId: number, only?: readonly TPaperRef[]): Promise<UserFileRow[]> {
  if (only?.length === 0) return []; // an empty `or()` would be no filter at all
  return db
    .select({
      platform: folderFiles.platform,
      paperId: folderFiles.paperId,
      selected: sql<boolean>`bool_or(${folderFiles.selected})`,
      title: papers.title,
      pdfUrl: papers.pdfUrl,
      readable: sql<boolean>`${visiblePaperFilter(userId)}`,
      hasPdf: hasPdfColumn,
      textStatus: paperTexts.status,
      textError: paperTexts.error,
    })
    .from(folderFiles)
    .innerJoin(folders, and(eq(folders.id, folderFiles.folderId), ownedFolder(userId)))
    .innerJoin(papers, and(eq(papers.platform, folderFiles.platform), eq(papers.paperId, folderFiles.paperId)))
    .leftJoin(paperTexts, and(eq(paperTexts.platform, papers.platform), eq(paperTexts.paperId, papers.paperId)))
    .where(only === undefined ? undefined : or(...only.map(isFileOf)))
    .groupBy(
      folderFiles.platform,
      folderFiles.paperId,
      // The same paper; named so the visibility rule may read it.
      papers.platform,
      papers.paperId,
      papers.title,
      papers.pdfUrl,
      paperTexts.status,
      paperTexts.error,
    )
    .orderBy(asc(firstAdded), asc(folderFiles.platform), asc(folderFiles.paperId));
}

/**
 * Serialises File List writes of one user (attach_paper's "first folder, or a new 'Untitled'") so
 * two tabs attaching at once cannot make two folders. NO KEY UPDATE leaves other inserts that
 * reference the user (their key-share locks) free to proceed.
 */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Removes a paper from every folder of the user; the number of rows removed. */
export async function deleteUserFile(db: Db, userId: number, ref: TPaperRef): Promise<number> {
  const deleted = await db
    .delete(folderFiles)
    .where(and(isFileOf(ref), inOwnedFolders(db, userId)))
    .returning({ folderId: folderFiles.folderId });
  return deleted.length;
}

/** Empties every folder of the user (the folders stay). */
export async function deleteAllUserFiles(db: Db, userId: number): Promise<void> {
  await db.delete(folderFiles).where(inOwnedFolders(db, userId));
}

/** Sets the chat-context flag on every folder row of the paper; the number of rows changed. */
export async function updateUserFileSelection(db: Db, userId: number, ref: TPaperRef, selected: boolean) {
  const updated = await db
    .update(folderFiles)
    .set({ selected })
    .where(and(isFileOf(ref), inOwnedFolders(db, userId)))
    .returning({ folderId: folderFiles.folderId });
  return updated.length;
}
