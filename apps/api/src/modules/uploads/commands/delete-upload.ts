import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/app-error';
import { requireAccess } from '../../../policies/access';
import type { FileStorage } from '../../../storage/file-storage';
import { deleteStoredFile, lockContentHash, selectStorageKey } from '../../../storage/stored-files.repo';
import { deleteUploadedPaper, isContentHeld, lockOwnedUpload } from '../uploads.repo';

export interface DeleteUploadProps {
  /** The caller: only the uploader may delete (anyone else gets 404, as for an unknown id). */
  ownerId: number;
  paperId: string;
}

/**
 * docs/security.md#taking-things-back: an owner takes an upload back. ONE transaction deletes the papers row, and with it
 * by ON DELETE CASCADE its uploads row, extracted text, folder entries (every user's), clicks and
 * shared-list entries; then the stored_files row unless other uploads or cached remote PDFs hold the
 * same bytes (storage is content-addressed). The bytes are removed only after the commit, so a
 * rollback never leaves rows without their file; withStoredFile takes the same per-hash lock, so an
 * upload of identical bytes racing with us either keeps the file or writes it back after us.
 */
export async function deleteUpload({ db, storage }: AppContext, { ownerId, paperId }: DeleteUploadProps) {
  await requireAccess(db, { userId: ownerId }, 'upload.delete', [paperId]);
  // The owner-scoped lock below stays as the second wall (docs/security.md#policies).
  const orphan = await db.transaction(async (tx) => {
    const owned = await lockOwnedUpload(tx, ownerId, paperId);
    if (owned === null) throw notFound(`Uploaded paper ${paperId}`);
    const { contentHash } = owned;
    // A metadata-only paper has no bytes to release (docs/import-export.md).
    if (contentHash === null) {
      await deleteUploadedPaper(tx, paperId);
      return null;
    }
    await lockContentHash(tx, contentHash);
    await deleteUploadedPaper(tx, paperId);
    if (await isContentHeld(tx, contentHash)) return null;
    return deleteStoredFile(tx, contentHash);
  });
  if (orphan) await removeOrphanBytes(db, storage, orphan);
}

/**
 * After the commit: delete the bytes unless an upload of the same content re-created the row in the
 * meantime (checked under the per-hash lock, which that upload holds until its own commit).
 */
export async function removeOrphanBytes(db: Db, storage: FileStorage, orphan: { key: string; contentHash: string }) {
  await db.transaction(async (tx) => {
    await lockContentHash(tx, orphan.contentHash);
    if ((await selectStorageKey(tx, orphan.contentHash)) === null) await storage.delete(orphan.key);
  });
}
