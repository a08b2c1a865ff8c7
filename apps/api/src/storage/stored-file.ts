import type { Db, Tx } from '../db/client';
import { type FileStorage, pdfKeyFor, type StagedFile } from './file-storage';
import { insertStoredFile, lockContentHash, selectStorageKey } from './stored-files.repo';

/**
 * Writes the rows that point at `staged` bytes, in ONE transaction, with the bytes in place before
 * the commit (a stored_files row exists only once its bytes are complete, schema/stored-files.ts).
 *
 * Identical bytes are stored once: the stored_files insert is `on conflict do nothing`. While this
 * transaction holds the new row, a concurrent upload of the same bytes waits on it, so the file we
 * move into place cannot be deleted under another request's feet: if `work` fails we remove the
 * file we placed *before* the rollback releases the row. The staged temp file is always dropped.
 */
export async function withStoredFile<T>(
  db: Db,
  storage: FileStorage,
  staged: StagedFile,
  mimeType: string,
  work: (tx: Tx, contentHash: string) => Promise<T>,
): Promise<T> {
  const key = pdfKeyFor(staged.hash);
  try {
    return await db.transaction(async (tx) => {
      await lockContentHash(tx, staged.hash);
      const isNew = await insertStoredFile(tx, {
        contentHash: staged.hash,
        storageKey: key,
        byteSize: staged.size,
        mimeType,
      });
      // A known hash whose bytes went missing (a lost disk) is healed by the copy in hand.
      const existingKey = isNew ? key : await storageKeyOf(tx, staged.hash);
      if (isNew || (await storage.stat(existingKey)) === null) await staged.commit(existingKey);
      try {
        return await work(tx, staged.hash);
      } catch (error) {
        if (isNew) await storage.delete(key);
        throw error;
      }
    });
  } finally {
    await staged.discard();
  }
}

async function storageKeyOf(tx: Tx, contentHash: string): Promise<string> {
  const key = await selectStorageKey(tx, contentHash);
  if (key === null) throw new Error(`stored file ${contentHash} vanished inside its own transaction`);
  return key;
}
