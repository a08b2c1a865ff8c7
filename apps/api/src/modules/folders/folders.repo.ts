import type { TPaperRef } from '@paperbench/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { folderFiles, folders, papers } from '../../db/schema';
import { inOwnedFolders, ownedFolder } from './folder-scope.repo';

export interface FolderRow {
  id: number;
  ownerId: number;
  name: string;
  type: string;
  /** type = 'shared' (the rules read it: policies/folder.policy.ts). */
  isShared: boolean;
  isPublic: boolean;
  createdAt: Date;
}

/** A file row joined with the paper fields a file's wire shape needs. */
export interface FolderFileRow {
  folderId: number;
  platform: string;
  paperId: string;
  selected: boolean;
  title: string;
  pdfUrl: string | null;
}

const folderColumns = {
  id: folders.id,
  ownerId: folders.ownerId,
  name: folders.name,
  type: folders.type,
  isShared: sql<boolean>`${folders.type} = 'shared'`,
  isPublic: folders.isPublic,
  createdAt: folders.createdAt,
};

const fileColumns = {
  folderId: folderFiles.folderId,
  platform: folderFiles.platform,
  paperId: folderFiles.paperId,
  selected: folderFiles.selected,
  title: papers.title,
  pdfUrl: papers.pdfUrl,
};

/** Rows of one paper in folder_files. */
export const isFileOf = (ref: TPaperRef): SQL =>
  and(eq(folderFiles.platform, ref.platform), eq(folderFiles.paperId, ref.paper_id)) as SQL;

/** The caller's folders, oldest first (spec §4: the first folder is the one made active after load). */
export function selectOwnedFolders(db: Db, ownerId: number): Promise<FolderRow[]> {
  return db
    .select(folderColumns)
    .from(folders)
    .where(ownedFolder(ownerId))
    .orderBy(asc(folders.createdAt), asc(folders.id));
}

/** Narrows selectOwnedFiles: to one folder, and within it to one paper. */
export type OwnedFilesFilter = { folderId?: number; ref?: TPaperRef };

/**
 * Files of the caller's folders (of one folder when `folderId` is given), oldest added first: one
 * query for all folders, so listing them is two queries whatever their number.
 */
export function selectOwnedFiles(
  db: Db,
  ownerId: number,
  { folderId, ref }: OwnedFilesFilter = {},
): Promise<FolderFileRow[]> {
  return db
    .select(fileColumns)
    .from(folderFiles)
    .innerJoin(folders, and(eq(folders.id, folderFiles.folderId), ownedFolder(ownerId)))
    .innerJoin(papers, and(eq(papers.platform, folderFiles.platform), eq(papers.paperId, folderFiles.paperId)))
    .where(
      and(
        folderId === undefined ? undefined : eq(folderFiles.folderId, folderId),
        ref === undefined ? undefined : isFileOf(ref),
      ),
    )
    .orderBy(asc(folderFiles.addedAt), asc(folderFiles.platform), asc(folderFiles.paperId));
}

/**
 * One of the caller's folders, or null. `lock` takes a row lock for the rest of the transaction:
 * 'update' before a read-compare-write, 'key share' so a concurrent delete waits for an insert of a file.
 */
export async function selectOwnedFolder(
  db: Db,
  ownerId: number,
  folderId: number,
  lock?: 'update' | 'key share',
): Promise<FolderRow | null> {
  const query = db
    .select(folderColumns)
    .from(folders)
    .where(and(eq(folders.id, folderId), ownedFolder(ownerId)));
  const [row] = await (lock ? query.for(lock) : query);
  return row ?? null;
}

export async function insertFolder(db: Db, ownerId: number, name: string): Promise<FolderRow> {
  const [row] = await db.insert(folders).values({ ownerId, name }).returning(folderColumns);
  if (!row) throw new Error('folder insert returned no row');
  return row;
}

export async function updateFolderName(db: Db, ownerId: number, folderId: number, name: string) {
  const [row] = await db
    .update(folders)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(folders.id, folderId), ownedFolder(ownerId)))
    .returning(folderColumns);
  return row ?? null;
}

/** Deletes the folder's files and the folder; false when the caller has no such folder. */
export async function deleteOwnedFolder(db: Db, ownerId: number, folderId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The foreign key cascades too; deleting the files first keeps this correct without relying on it.
    await tx.delete(folderFiles).where(and(eq(folderFiles.folderId, folderId), inOwnedFolders(tx, ownerId)));
    const deleted = await tx
      .delete(folders)
      .where(and(eq(folders.id, folderId), ownedFolder(ownerId)))
      .returning({ id: folders.id });
    return deleted.length > 0;
  });
}

/** Adds a paper to a folder unless it is there already (the primary key keeps one row); true when added. */
export async function insertFolderFile(db: Db, folderId: number, ref: TPaperRef): Promise<boolean> {
  const inserted = await db
    .insert(folderFiles)
    .values({ folderId, platform: ref.platform, paperId: ref.paper_id })
    .onConflictDoNothing()
    .returning({ folderId: folderFiles.folderId });
  return inserted.length > 0;
}

/** Removes a paper from one of the caller's folders; false when it was not there. */
export async function deleteOwnedFolderFile(db: Db, ownerId: number, folderId: number, ref: TPaperRef) {
  const deleted = await db
    .delete(folderFiles)
    .where(and(eq(folderFiles.folderId, folderId), isFileOf(ref), inOwnedFolders(db, ownerId)))
    .returning({ folderId: folderFiles.folderId });
  return deleted.length > 0;
}
