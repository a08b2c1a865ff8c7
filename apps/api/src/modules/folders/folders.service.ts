import type { TFolder, TFolderFile, TPaperRef } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { selectFolderMemberships } from '../../policies/access.repo';
import type { Actor } from '../../policies/decision';
import { describePaper, findVisiblePaper } from '../papers/paper-visibility.repo';
import { requestFullText } from '../passages/full-text-requests';
import { requireFolderRoom } from '../quotas/user-quotas';
import { groupFilesByFolder, presentFolder, presentFolderFile } from './folder.presenter';
import {
  deleteEditableFolderFile,
  deleteOwnedFolder,
  insertFolder,
  insertFolderFile,
  selectEditableFolder,
  selectOwnedFiles,
  selectOwnedFolders,
  selectReadableFiles,
  selectRenamableFolder,
  updateFolderName,
} from './folders.repo';

const folderNotFound = (folderId: number) => notFound(`Folder ${folderId}`);

/** requirements §7 GET /api/folders: the caller's folders with their files, in two queries. */
export async function listFolders(db: Db, userId: number): Promise<TFolder[]> {
  const [rows, files] = await Promise.all([selectOwnedFolders(db, userId), selectOwnedFiles(db, userId)]);
  const filesByFolder = groupFilesByFolder(files);
  return rows.map((row) => presentFolder(row, filesByFolder.get(row.id) ?? [], userId));
}

/** docs/security.md#rate-limits-and-quotas: at most `quota` folders per user (USER_FOLDER_QUOTA), else 409. */
export async function createFolder(db: Db, userId: number, name: string, quota: number): Promise<TFolder> {
  const row = await db.transaction(async (tx) => {
    await requireFolderRoom(tx, userId, quota);
    return insertFolder(tx, userId, name);
  });
  return presentFolder(row, [], userId);
}

/** requirements §5: the trimmed name (the contract trims and refuses blank) must differ from the current one. */
export async function renameFolder(db: Db, userId: number, folderId: number, name: string): Promise<TFolder> {
  await requireAccess(db, { userId }, 'folder.rename', [folderId]);
  const row = await db.transaction(async (tx) => {
    const current = await selectRenamableFolder(tx, userId, folderId);
    if (!current) throw folderNotFound(folderId);
    if (current.name === name) throw new AppError('INVALID_REQUEST', `Folder ${folderId}: name is unchanged`);
    return updateFolderName(tx, userId, folderId, name);
  });
  if (!row) throw folderNotFound(folderId);
  // An editor renames a shared folder too (docs/collaboration.md), so its files are the readable ones.
  const files = await selectReadableFiles(db, { userId }, folderId);
  const memberships = await selectFolderMemberships(db, { userId }, [folderId]);
  return presentFolder(row, files, userId, memberships.get(folderId));
}

export async function deleteFolder(db: Db, userId: number, folderId: number): Promise<void> {
  await requireAccess(db, { userId }, 'folder.delete', [folderId]);
  if (!(await deleteOwnedFolder(db, userId, folderId))) throw folderNotFound(folderId);
}

/**
 * The files of a folder the actor may read: their own, a shared one they are a member of, or a public
 * shared one (anyone, even without X-User-ID: docs/collaboration.md).
 */
export async function listFolderFiles(db: Db, actor: Actor, folderId: number): Promise<TFolderFile[]> {
  await requireAccess(db, actor, 'folder.read', [folderId]);
  return (await selectReadableFiles(db, actor, folderId)).map(presentFolderFile);
}

/**
 * requirements §7 POST /api/folders/{id}/files. Adding a paper twice is harmless: `added` says whether this
 * call put it there (201) or it already was (200). Uploads the caller may not see are 404 like
 * papers that do not exist.
 */
export async function addFileToFolder(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  folderId: number,
  ref: TPaperRef,
): Promise<{ added: boolean; file: TFolderFile }> {
  await requireAccess(db, { userId }, 'folder.addFile', [folderId]);
  await requireAccess(db, { userId }, 'paper.read', [ref]);
  return db.transaction(async (tx) => {
    // The scoped reads stay as the second wall (docs/security.md#policies). The folder's key-share
    // lock makes a concurrent folder delete wait for this insert instead of racing it.
    if (!(await selectEditableFolder(tx, userId, folderId, 'key share'))) throw folderNotFound(folderId);
    if (!(await findVisiblePaper(tx, userId, ref))) throw notFound(describePaper(ref));
    const added = await insertFolderFile(tx, folderId, ref, userId);
    await requestFullText(tx, config, [ref]);
    const [row] = await selectReadableFiles(tx, { userId }, folderId, ref);
    if (!row) throw new Error('folder file vanished inside its own transaction');
    return { added, file: presentFolderFile(row) };
  });
}

/** requirements §7: 204 on success; a paper that is not in the folder is 404. */
export async function removeFileFromFolder(db: Db, userId: number, folderId: number, ref: TPaperRef) {
  await requireAccess(db, { userId }, 'folder.removeFile', [folderId]);
  if (await deleteEditableFolderFile(db, userId, folderId, ref)) return;
  throw notFound(`${describePaper(ref)} in folder ${folderId}`);
}
