import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { describeBytes } from '../../lib/describe-bytes';
import {
  countChatSessions,
  countCommentsSince,
  countCreatedShareLists,
  countFolderMembers,
  countOwnedFolders,
  countOwnedPapers,
  lockUserQuota,
  type QuotaKind,
  sumUploadedBytes,
} from './user-quotas.repo';

/**
 * Per-user quotas of docs/security.md#rate-limits-and-quotas (ASVS V11): one id cannot fill the disk or the tables. A count
 * quota (folders, share lists) answers 409 CONFLICT, like the topic quota; the upload byte quota
 * answers 413 PAYLOAD_TOO_LARGE, like the per-file limit. Checks run in the writing transaction
 * under a per-user advisory lock, so two requests at once cannot both take the last place.
 */

/**
 * Inside a transaction: refuses the user's next row of a counted kind once they hold `quota` of them
 * (409), under the user's quota lock so two requests cannot both take the last place.
 */
async function requireRoomFor(
  tx: Db,
  userId: number,
  quota: number,
  kind: { name: QuotaKind; count: (tx: Db, userId: number) => Promise<number>; advice: string },
): Promise<void> {
  await lockUserQuota(tx, userId, kind.name);
  if ((await kind.count(tx, userId)) >= quota) {
    throw new AppError('CONFLICT', `You have ${quota} ${kind.name}, the most allowed: ${kind.advice}`, { quota });
  }
}

/** Refuses the user's next folder once they hold USER_FOLDER_QUOTA. */
export const requireFolderRoom = (tx: Db, userId: number, quota: number) =>
  requireRoomFor(tx, userId, quota, {
    name: 'folders',
    count: countOwnedFolders,
    advice: 'delete one before creating another',
  });

/** Refuses the user's next share link once they hold USER_SHARE_LIST_QUOTA. */
export const requireShareListRoom = (tx: Db, userId: number, quota: number) =>
  requireRoomFor(tx, userId, quota, {
    name: 'share links',
    count: countCreatedShareLists,
    advice: 'revoke one before creating another',
  });

/** Refuses the user's next chat session once they hold USER_CHAT_SESSION_QUOTA. */
export const requireChatSessionRoom = (tx: Db, userId: number, quota: number) =>
  requireRoomFor(tx, userId, quota, {
    name: 'chat sessions',
    count: countChatSessions,
    advice: 'delete one before starting another',
  });

/**
 * Inside a transaction that holds the folder's row lock: refuses another member once the shared folder
 * gives a role to FOLDER_MEMBER_QUOTA emails.
 */
export async function requireMemberRoom(tx: Db, folderId: number, quota: number): Promise<void> {
  if ((await countFolderMembers(tx, folderId)) >= quota) {
    throw new AppError(
      'CONFLICT',
      `Folder ${folderId} has ${quota} members, the most allowed: remove one before adding another`,
      { quota },
    );
  }
}

const DAY_MS = 86_400_000;

/**
 * Inside a transaction: refuses the user's next comment once they wrote USER_COMMENT_QUOTA_PER_DAY in
 * the last 24 hours (papers and shared folders together). A rolling window, so it answers 429 like a
 * rate limit rather than 409: waiting is the way out, not deleting.
 */
export async function requireCommentRoom(tx: Db, userId: number, quota: number, now = new Date()): Promise<void> {
  await lockUserQuota(tx, userId, 'comments');
  if ((await countCommentsSince(tx, userId, new Date(now.getTime() - DAY_MS))) >= quota) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `You have written ${quota} comments in the last 24 hours, the most allowed: please try again later`,
      { quota },
    );
  }
}

export const uploadQuotaExceeded = (quota: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `This upload would take your files past your quota of ${describeBytes(quota)}: delete an upload to make room`,
    { quota_bytes: quota },
  );

/** Bytes the user may still upload (0: none); the receiver cuts the stream off there. */
export async function uploadRoom(db: Db, userId: number, quota: number): Promise<number> {
  return Math.max(0, quota - (await sumUploadedBytes(db, userId)));
}

/** Inside the upload's transaction: the last word, so two uploads at once cannot both pass the quota. */
export async function requireUploadRoom(tx: Db, userId: number, bytes: number, quota: number): Promise<void> {
  await lockUserQuota(tx, userId, 'upload bytes');
  if ((await sumUploadedBytes(tx, userId)) + bytes > quota) throw uploadQuotaExceeded(quota);
}

/**
 * docs/import-export.md#limits: inside an import's transaction, under the user's paper-quota lock (two
 * imports at once cannot both take the last places), refuses `adding` more papers past USER_PAPER_QUOTA.
 */
export async function requirePaperRoom(tx: Db, userId: number, adding: number, quota: number): Promise<void> {
  await lockUserQuota(tx, userId, 'papers');
  const owned = await countOwnedPapers(tx, userId);
  if (owned + adding > quota) {
    throw new AppError(
      'CONFLICT',
      `This import would create ${adding} papers without a PDF, but you hold ${owned} of your quota of ` +
        `${quota} papers (USER_PAPER_QUOTA): delete some or import fewer`,
      { quota },
    );
  }
}
