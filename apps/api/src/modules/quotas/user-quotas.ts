import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { folders, sharedLists, storedFiles, uploads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { describeBytes } from '../uploads/upload-receiver';

/**
 * Per-user quotas of docs/security.md#rate-limits-and-quotas (ASVS V11): one id cannot fill the disk or the tables. A count
 * quota (folders, share lists) answers 409 CONFLICT, like the topic quota; the upload byte quota
 * answers 413 PAYLOAD_TOO_LARGE, like the per-file limit. Checks run in the writing transaction
 * under a per-user advisory lock, so two requests at once cannot both take the last place.
 */
const QUOTA_LOCK_NAMESPACES = { folders: 727_274_120, 'share lists': 727_274_121, 'upload bytes': 727_274_122 };

async function lockUserQuota(tx: Db, userId: number, kind: keyof typeof QUOTA_LOCK_NAMESPACES) {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_NAMESPACES[kind]}, ${userId})`);
}

/** Inside a transaction: refuses the user's next folder once they hold USER_FOLDER_QUOTA. */
export async function requireFolderRoom(tx: Db, userId: number, quota: number): Promise<void> {
  await lockUserQuota(tx, userId, 'folders');
  const [row] = await tx.select({ n: count() }).from(folders).where(eq(folders.ownerId, userId));
  if ((row?.n ?? 0) >= quota) {
    throw new AppError('CONFLICT', `You have ${quota} folders, the most allowed: delete one before creating another`, {
      quota,
    });
  }
}

/** Inside a transaction: refuses the user's next share link once they hold USER_SHARE_LIST_QUOTA. */
export async function requireShareListRoom(tx: Db, userId: number, quota: number): Promise<void> {
  await lockUserQuota(tx, userId, 'share lists');
  const [row] = await tx.select({ n: count() }).from(sharedLists).where(eq(sharedLists.createdBy, userId));
  if ((row?.n ?? 0) >= quota) {
    throw new AppError(
      'CONFLICT',
      `You have ${quota} share links, the most allowed: revoke one before creating another`,
      { quota },
    );
  }
}

/** Bytes of every upload the user owns (each upload counts its file, even when bytes are shared). */
export async function uploadedBytes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${storedFiles.byteSize}), 0)` })
    .from(uploads)
    .innerJoin(storedFiles, eq(storedFiles.contentHash, uploads.contentHash))
    .where(eq(uploads.ownerId, userId));
  return Number(row?.total ?? 0);
}

export const uploadQuotaExceeded = (quota: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `This upload would take your files past your quota of ${describeBytes(quota)}: delete an upload to make room`,
    { quota_bytes: quota },
  );

/** Bytes the user may still upload (0: none); the receiver cuts the stream off there. */
export async function uploadRoom(db: Db, userId: number, quota: number): Promise<number> {
  return Math.max(0, quota - (await uploadedBytes(db, userId)));
}

/** Inside the upload's transaction: the last word, so two uploads at once cannot both pass the quota. */
export async function requireUploadRoom(tx: Db, userId: number, bytes: number, quota: number): Promise<void> {
  await lockUserQuota(tx, userId, 'upload bytes');
  if ((await uploadedBytes(tx, userId)) + bytes > quota) throw uploadQuotaExceeded(quota);
}
