import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { papers, remotePdfs, storedFiles, uploads } from '../../../db/schema';
import { notFound } from '../../../lib/app-error';
import type { FileStorage } from '../../../storage/file-storage';
import { lockContentHash, type Tx } from '../../../storage/stored-file';
import { UPLOAD_PLATFORM } from '../../papers/paper-visibility';

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
  const orphan = await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ contentHash: uploads.contentHash })
      .from(uploads)
      .where(and(eq(uploads.platform, UPLOAD_PLATFORM), eq(uploads.paperId, paperId), eq(uploads.ownerId, ownerId)))
      .for('update');
    if (!owned) throw notFound(`Uploaded paper ${paperId}`);
    await lockContentHash(tx, owned.contentHash);
    await tx.delete(papers).where(and(eq(papers.platform, UPLOAD_PLATFORM), eq(papers.paperId, paperId)));
    if (await isContentHeld(tx, owned.contentHash)) return null;
    const [removed] = await tx
      .delete(storedFiles)
      .where(eq(storedFiles.contentHash, owned.contentHash))
      .returning({ key: storedFiles.storageKey, contentHash: storedFiles.contentHash });
    return removed ?? null;
  });
  if (orphan) await removeOrphanBytes(db, storage, orphan);
}

/**
 * After the commit: delete the bytes unless an upload of the same content re-created the row in the
 * meantime (checked under the per-hash lock, which that upload holds until its own commit).
 */
async function removeOrphanBytes(db: Db, storage: FileStorage, orphan: { key: string; contentHash: string }) {
  await db.transaction(async (tx) => {
    await lockContentHash(tx, orphan.contentHash);
    const [again] = await tx
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .where(eq(storedFiles.contentHash, orphan.contentHash));
    if (!again) await storage.delete(orphan.key);
  });
}

/** Whether another upload or a cached remote PDF still points at these bytes. */
async function isContentHeld(tx: Tx, contentHash: string): Promise<boolean> {
  const [upload] = await tx
    .select({ hash: uploads.contentHash })
    .from(uploads)
    .where(eq(uploads.contentHash, contentHash))
    .limit(1);
  if (upload) return true;
  const [remote] = await tx
    .select({ hash: remotePdfs.contentHash })
    .from(remotePdfs)
    .where(eq(remotePdfs.contentHash, contentHash))
    .limit(1);
  return remote !== undefined;
}
