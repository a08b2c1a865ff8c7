import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { remotePdfs, storedFiles } from '../../db/schema';

/** Where the bytes fetched from `sourceUrl` are stored, or null when the URL was never fetched. */
export async function selectRemotePdf(db: Db, sourceUrl: string) {
  const [row] = await db
    .select({ storageKey: storedFiles.storageKey, contentHash: storedFiles.contentHash })
    .from(remotePdfs)
    .innerJoin(storedFiles, eq(storedFiles.contentHash, remotePdfs.contentHash))
    .where(eq(remotePdfs.sourceUrl, sourceUrl));
  return row ?? null;
}

/** Maps the URL to the bytes just fetched (a refetch of a URL points it at its new content). */
export async function upsertRemotePdf(tx: Tx, sourceUrl: string, contentHash: string): Promise<void> {
  await tx
    .insert(remotePdfs)
    .values({ sourceUrl, contentHash })
    .onConflictDoUpdate({ target: remotePdfs.sourceUrl, set: { contentHash, fetchedAt: sql`now()` } });
}
