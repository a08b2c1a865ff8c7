import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { folderFiles, folders } from '../../db/schema';

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
