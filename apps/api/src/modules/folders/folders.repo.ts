import type { TPaperRef } from '@paperbench/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hasPdfColumn } from '../../db/columns/upload-joins';
import { folderFiles, folders, papers } from '../../db/schema';
import { type BibliographyPaper, bibliographyColumns } from '../../lib/bibliography';
import type { Actor } from '../../policies/decision';
import {
  editableFolder,
  folderAllowing,
  inEditableFolders,
  inOwnedFolders,
  ownedFolder,
  readableFolder,
} from '../../policies/folder-scope.repo';
import { visiblePaperFilter } from '../papers/paper-visibility.repo';

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
  /** Whether the actor may read the paper now (visiblePaperFilter); false for an upload whose grant ended. */
  readable: boolean;
  /** False for a metadata-only paper (an imported entry with no PDF yet, docs/import-export.md); absent means true. */
  hasPdf?: boolean;
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

const fileColumns = (actor: Actor) => ({
  folderId: folderFiles.folderId,
  platform: folderFiles.platform,
  paperId: folderFiles.paperId,
  selected: folderFiles.selected,
  title: papers.title,
  pdfUrl: papers.pdfUrl,
  readable: sql<boolean>`${visiblePaperFilter(actor.userId)}`,
  hasPdf: hasPdfColumn,
});

/** Rows of one paper in folder_files. */
export const isFileOf = (ref: TPaperRef): SQL =>
  and(eq(folderFiles.platform, ref.platform), eq(folderFiles.paperId, ref.paper_id)) as SQL;

/** The caller's folders, oldest first (requirements §4: the first folder is the one made active after load). */
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
    .select(fileColumns({ userId: ownerId }))
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
 * Files of one folder the actor may read (their own, a shared one they are a member of, or a public
 * shared one), oldest added first; narrowed to one paper when `ref` is given. Empty for any other folder.
 */
export function selectReadableFiles(db: Db, actor: Actor, folderId: number, ref?: TPaperRef): Promise<FolderFileRow[]> {
  return db
    .select(fileColumns(actor))
    .from(folderFiles)
    .innerJoin(folders, and(eq(folders.id, folderFiles.folderId), readableFolder(actor)))
    .innerJoin(papers, and(eq(papers.platform, folderFiles.platform), eq(papers.paperId, folderFiles.paperId)))
    .where(and(eq(folderFiles.folderId, folderId), ref === undefined ? undefined : isFileOf(ref)))
    .orderBy(asc(folderFiles.addedAt), asc(folderFiles.platform), asc(folderFiles.paperId));
}

/** The name of a folder the actor may read, or null for any other folder. */
export async function selectReadableFolderName(db: Db, actor: Actor, folderId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: folders.name })
    .from(folders)
    .where(and(eq(folders.id, folderId), readableFolder(actor)));
  return row?.name ?? null;
}

/**
 * The papers of a folder the actor may read, as a bibliography needs them, in the File List's order;
 * an upload the actor may no longer read is left out (docs/collaboration.md#uploads).
 */
export function selectReadableFolderPapers(db: Db, actor: Actor, folderId: number): Promise<BibliographyPaper[]> {
  return db
    .select(bibliographyColumns)
    .from(folderFiles)
    .innerJoin(folders, and(eq(folders.id, folderFiles.folderId), readableFolder(actor)))
    .innerJoin(papers, and(eq(papers.platform, folderFiles.platform), eq(papers.paperId, folderFiles.paperId)))
    .where(and(eq(folderFiles.folderId, folderId), visiblePaperFilter(actor.userId)))
    .orderBy(asc(folderFiles.addedAt), asc(folderFiles.platform), asc(folderFiles.paperId));
}

/**
 * A folder the user may add papers to (their own, or a shared one they edit), or null. 'key share' locks
 * it for the rest of the transaction, so a concurrent delete waits for the insert of a file.
 */
export async function selectEditableFolder(
  db: Db,
  userId: number,
  folderId: number,
  lock?: 'key share',
): Promise<{ id: number } | null> {
  const query = db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), editableFolder(userId)));
  const [row] = await (lock ? query.for(lock) : query);
  return row ?? null;
}

export async function insertFolder(db: Db, ownerId: number, name: string): Promise<FolderRow> {
  const [row] = await db.insert(folders).values({ ownerId, name }).returning(folderColumns);
  if (!row) throw new Error('folder insert returned no row');
  return row;
}

/** A folder the user may rename (their own, or a shared one where they edit), locked for the read-compare-write. */
export async function selectRenamableFolder(db: Db, userId: number, folderId: number): Promise<FolderRow | null> {
  const [row] = await db
    .select(folderColumns)
    .from(folders)
    .where(and(eq(folders.id, folderId), folderAllowing(userId, 'rename')))
    .for('update');
  return row ?? null;
}

export async function updateFolderName(db: Db, userId: number, folderId: number, name: string) {
  const [row] = await db
    .update(folders)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(folders.id, folderId), folderAllowing(userId, 'rename')))
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

/**
 * Adds a paper to a folder unless it is there already (the primary key keeps one row); true when
 * added. `addedBy` is who placed it: for an upload, only its uploader's placement is a grant
 * (docs/collaboration.md#uploads).
 */
export async function insertFolderFile(db: Db, folderId: number, ref: TPaperRef, addedBy: number): Promise<boolean> {
  const inserted = await db
    .insert(folderFiles)
    .values({ folderId, platform: ref.platform, paperId: ref.paper_id, addedBy })
    .onConflictDoNothing()
    .returning({ folderId: folderFiles.folderId });
  return inserted.length > 0;
}

/** Removes a paper from a folder the user may edit (their own or a shared one they edit); false when it was not there. */
export async function deleteEditableFolderFile(db: Db, userId: number, folderId: number, ref: TPaperRef) {
  const deleted = await db
    .delete(folderFiles)
    .where(and(eq(folderFiles.folderId, folderId), isFileOf(ref), inEditableFolders(db, userId)))
    .returning({ folderId: folderFiles.folderId });
  return deleted.length > 0;
}
