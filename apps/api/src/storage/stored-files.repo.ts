import { eq, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Tx } from '../db/client';
import { storedFiles } from '../db/schema';

/** Namespace of the per-content-hash advisory locks (hashtext() gives the second key). */
const CONTENT_LOCK_NAMESPACE = ADVISORY_LOCKS.storedContent;

/**
 * Serialises writers and removers of one content hash until the transaction ends (docs/security.md#taking-things-back):
 * deleting an upload's bytes and storing identical bytes again cannot interleave. A row lock cannot
 * do this, because the remover's row is gone by the time an uploader inserts a new one.
 */
export async function lockContentHash(tx: Tx, contentHash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK_NAMESPACE}, hashtext(${contentHash}))`);
}

/** Identical bytes are stored once (`on conflict do nothing`); true when this call wrote the row. */
export async function insertStoredFile(
  tx: Tx,
  file: { contentHash: string; storageKey: string; byteSize: number; mimeType: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(storedFiles)
    .values(file)
    .onConflictDoNothing()
    .returning({ key: storedFiles.storageKey });
  return inserted.length > 0;
}

/** The storage key of a content hash, or null when no row knows it. */
export async function selectStorageKey(tx: Tx, contentHash: string): Promise<string | null> {
  const [row] = await tx
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(eq(storedFiles.contentHash, contentHash));
  return row?.key ?? null;
}

/** Deletes the row of a content hash; returns where its bytes were, or null when there was no row. */
export async function deleteStoredFile(tx: Tx, contentHash: string) {
  const [removed] = await tx
    .delete(storedFiles)
    .where(eq(storedFiles.contentHash, contentHash))
    .returning({ key: storedFiles.storageKey, contentHash: storedFiles.contentHash });
  return removed ?? null;
}
