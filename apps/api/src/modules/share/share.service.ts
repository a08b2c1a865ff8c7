import { randomBytes } from 'node:crypto';
import type { TPaperRef, TSharedList, TShareImportRequest, TShareImportResponse } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { presentPaper } from '../papers/paper.presenter';
import { describePaper, findFirstMissingRef, findVisiblePapers } from '../papers/paper-visibility.repo';
import { requireShareListRoom } from '../quotas/user-quotas';
import { importPapers } from '../user-files/user-files.service';
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
    const key = `${ref.platform}\u0000${ref.paper_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * spec §4 Share list: the user's files become a link. Every paper must exist and be visible to the
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

/**
 * spec §6: a shared list is open to anyone with the link. That includes uploaded papers on it: by
 * sharing them the uploader granted read of their metadata to whoever holds the link.
 */
export async function getSharedList(db: Db, shareId: string): Promise<TSharedList> {
  const list = await selectSharedList(db, shareId);
  if (!list) throw notFound(`Shared list ${shareId}`);
  const rows = await selectSharedPapers(db, shareId);
  return { share_id: shareId, papers: rows.map(presentPaper), created_at: list.createdAt.toISOString() };
}

/**
 * spec §4 shared-list import (Replace / Merge) for the caller, in one transaction: every paper of the
 * list the caller does not hold joins their first folder. Unlike attach_paper there is no visibility
 * check: the share link grants the right to import. The sharer could see every paper when sharing
 * (createSharedList checks it), and by sharing an upload the uploader gave it to whoever holds the
 * link; once held in a folder it is visible to the importer by the usual rule (visiblePaperFilter),
 * which is also what lets GET /api/uploads/{paperId}/pdf serve it to them. So the one check is on
 * the link itself (share.import), not on its papers.
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
    const refs = (await selectSharedPapers(tx, shareId)).map((row) => ({
      platform: row.platform as string,
      paper_id: row.paperId as string,
    }));
    const result = await importPapers(tx, config, userId, refs, mode);
    return { attached: result.attached, already_present: result.alreadyPresent, folder_id: result.folderId };
  });
}
