import { and, count, eq, gt, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { uploadFileJoin } from '../../db/columns/upload-joins';
import {
  chatSessions,
  folderComments,
  folderMembers,
  folders,
  paperComments,
  sharedLists,
  storedFiles,
  uploads,
} from '../../db/schema';

/** One advisory-lock namespace per quota; the user id is the second key. */
const QUOTA_LOCK_NAMESPACES = {
  folders: ADVISORY_LOCKS.folderQuota,
  'share links': ADVISORY_LOCKS.shareListQuota,
  'upload bytes': ADVISORY_LOCKS.uploadBytesQuota,
  comments: ADVISORY_LOCKS.commentQuota,
  'chat sessions': ADVISORY_LOCKS.chatSessionQuota,
  papers: ADVISORY_LOCKS.paperQuota,
};

export type QuotaKind = keyof typeof QUOTA_LOCK_NAMESPACES;

/** The user's lock on one quota, held until the transaction ends: two checks cannot both pass before either writes. */
export async function lockUserQuota(tx: Db, userId: number, kind: QuotaKind): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_NAMESPACES[kind]}, ${userId})`);
}

export async function countOwnedFolders(tx: Db, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(folders).where(eq(folders.ownerId, userId));
  return row?.n ?? 0;
}

export async function countCreatedShareLists(tx: Db, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(sharedLists).where(eq(sharedLists.createdBy, userId));
  return row?.n ?? 0;
}

/** The user's chat sessions (review sessions, kept in the same table, are bounded on their own). */
export async function countChatSessions(tx: Db, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(chatSessions)
    .where(and(eq(chatSessions.userId, userId), eq(chatSessions.kind, 'chat')));
  return row?.n ?? 0;
}

/** Comments the user wrote since `since`, on papers and shared folders together. */
export async function countCommentsSince(tx: Db, userId: number, since: Date): Promise<number> {
  const [onPapers] = await tx
    .select({ n: count() })
    .from(paperComments)
    .where(and(eq(paperComments.authorId, userId), gt(paperComments.createdAt, since)));
  const [onFolders] = await tx
    .select({ n: count() })
    .from(folderComments)
    .where(and(eq(folderComments.authorId, userId), gt(folderComments.createdAt, since)));
  return (onPapers?.n ?? 0) + (onFolders?.n ?? 0);
}

/** Bytes of every upload the user owns (each upload counts its file, even when bytes are shared). */
export async function sumUploadedBytes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${storedFiles.byteSize}), 0)` })
    .from(uploads)
    .innerJoin(storedFiles, uploadFileJoin)
    .where(eq(uploads.ownerId, userId));
  return Number(row?.total ?? 0);
}

export async function countFolderMembers(tx: Db, folderId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(folderMembers).where(eq(folderMembers.folderId, folderId));
  return row?.n ?? 0;
}

/** Papers the user owns: their uploads, with or without a PDF (docs/import-export.md#limits). */
export async function countOwnedPapers(tx: Db, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(uploads).where(eq(uploads.ownerId, userId));
  return row?.n ?? 0;
}
