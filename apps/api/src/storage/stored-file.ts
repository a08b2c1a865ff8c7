import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storedFiles } from '../db/schema';
import { type FileStorage, pdfKeyFor, type StagedFile } from './file-storage';

/** The transaction handle Drizzle passes to `db.transaction` callbacks. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
      const inserted = await tx
        .insert(storedFiles)
        .values({ contentHash: staged.hash, storageKey: key, byteSize: staged.size, mimeType })
        .onConflictDoNothing()
        .returning({ key: storedFiles.storageKey });
      const isNew = inserted.length > 0;
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

/** Namespace of the per-content-hash advisory locks (any fixed int; hashtext() gives the second key). */
const CONTENT_LOCK_NAMESPACE = 727_274_108;

/**
 * Serialises writers and removers of one content hash until the transaction ends (docs/security.md#taking-things-back):
 * deleting an upload's bytes and storing identical bytes again cannot interleave. A row lock cannot
 * do this, because the remover's row is gone by the time an uploader inserts a new one.
 */
export async function lockContentHash(tx: Tx, contentHash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK_NAMESPACE}, hashtext(${contentHash}))`);
}

async function storageKeyOf(tx: Tx, contentHash: string): Promise<string> {
  const [row] = await tx
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(eq(storedFiles.contentHash, contentHash));
  if (!row) throw new Error(`stored file ${contentHash} vanished inside its own transaction`);
  return row.key;
}

/** Where the bytes of a content hash live, or null when no row knows them. */
export async function findStoredFile(db: Db, contentHash: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.contentHash, contentHash));
  return row ?? null;
}
