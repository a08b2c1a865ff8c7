import { randomBytes } from 'node:crypto';
import {
  paperRefKey,
  type TPaperRef,
  type TSharedList,
  type TShareImportRequest,
  type TShareImportResponse,
} from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import type { Actor } from '../../policies/decision';
import { importPapers } from '../files/user-files.service';
import { presentPaper } from '../papers/paper.presenter';
import { describePaper, findFirstMissingRef, findVisiblePapers } from '../papers/paper-visibility.repo';
import { requireShareListRoom } from '../quotas/user-quotas';
import { deleteOwnSharedList, insertSharedList, selectSharedList, selectSharedPapers } from './share.repo';

/**
 * architecture: anything that grants access is a long random token. 24 random bytes (192 bits) are
 * 32 base64url characters, inside the contract's ZShareId.
 */
export const generateShareId = () => randomBytes(24).toString('base64url');

/** The refs without repeats, each at its first position. */
export function dedupeRefs(refs: readonly TPaperRef[]): TPaperRef[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    const key = paperRefKey(ref);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * requirements §4 Share list: the user's files become a link. Every paper must exist and be visible to the
 * sharer (one query checks the whole set); otherwise nothing is written and the first missing paper
 * is named. docs/security.md#rate-limits-and-quotas: at most `quota` share links per user
 * (USER_SHARE_LIST_QUOTA), else 409.
 */
export async function createSharedList(
  db: Db,
  userId: number,
  files: readonly TPaperRef[],
  quota: number,
): Promise<string> {
  const refs = dedupeRefs(files);
  await requireAccess(db, { userId }, 'paper.read', refs);
  const shareId = generateShareId();
  await db.transaction(async (tx) => {
    await requireShareListRoom(tx, userId, quota);
    // The scoped read stays as the second wall (docs/security.md#policies).
    const missing = findFirstMissingRef(refs, await findVisiblePapers(tx, userId, refs));
    if (missing) throw notFound(describePaper(missing));
    await insertSharedList(tx, { shareId, createdBy: userId, refs });
  });
  return shareId;
}

/**
 * docs/security.md#taking-things-back: the creator takes a link back; it answers 404 from then on. Anyone else gets the
 * same 404 as for an unknown link, so trying ids tells nothing about which exist.
 */
export async function revokeSharedList(db: Db, userId: number, shareId: string): Promise<void> {
  await requireAccess(db, { userId }, 'share.revoke', [shareId]);
  if (!(await deleteOwnSharedList(db, userId, shareId))) throw notFound(`Shared list ${shareId}`);
}

/** The list's papers the user may read, and how many they may not. */
async function readableSharedPapers(db: Db, userId: number | null, shareId: string) {
  const rows = await selectSharedPapers(db, userId, shareId);
  const readable = rows.filter((row) => row.readable);
  return { readable, withheld: rows.length - readable.length };
}

/**
 * requirements §6: a shared list is open to anyone with the link. The link grants no access of its own: an
 * upload on it shows only to whoever may read it anyway; the others are counted as withheld
 * (docs/collaboration.md#uploads).
 */
export async function getSharedList(db: Db, actor: Actor, shareId: string): Promise<TSharedList> {
  const list = await selectSharedList(db, shareId);
  if (!list) throw notFound(`Shared list ${shareId}`);
  const { readable, withheld } = await readableSharedPapers(db, actor.userId, shareId);
  return {
    share_id: shareId,
    papers: readable.map(({ readable: _readable, ...row }) => presentPaper(row)),
    withheld,
    created_at: list.createdAt.toISOString(),
  };
}

/**
 * requirements §4 shared-list import (Replace / Merge) for the caller, in one transaction: every paper of the
 * list the caller may read and does not hold joins their first folder. The link's own check is
 * share.import; each paper is then read under the caller's own rights, exactly as the list shows it
 * to them (getSharedList), so a link can never hand over an upload (docs/collaboration.md#uploads).
 */
export async function importSharedList(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  shareId: string,
  mode: TShareImportRequest['mode'],
): Promise<TShareImportResponse> {
  await requireAccess(db, { userId }, 'share.import', [shareId]);
  return db.transaction(async (tx) => {
    const list = await selectSharedList(tx, shareId);
    if (!list) throw notFound(`Shared list ${shareId}`);
    const { readable, withheld } = await readableSharedPapers(tx, userId, shareId);
    // The inner join makes every paper column non-null; drizzle types the joined row's columns nullable.
    const refs = readable.map((row) => ({ platform: row.platform as string, paper_id: row.paperId as string }));
    const result = await importPapers(tx, config, userId, refs, mode);
    return {
      attached: result.added.length,
      attached_papers: result.added,
      already_present: result.alreadyPresent,
      withheld,
      folder_id: result.folderId,
    };
  });
}
