import type { TProfile, TProfileExport, TProfileUser } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Db, Tx } from '../../db/client';
import { toBibliography, toBibtex } from '../../lib/bibliography';
import { deleteStoredFile, lockContentHash } from '../../storage/stored-files.repo';
import { marksAsText, ownMarksByPaper } from '../annotations/marks-as-notes';
import { removeOrphanBytes } from '../uploads/commands/delete-upload';
import { deleteUploadedPaper, isContentHeld } from '../uploads/uploads.repo';
import {
  deleteUserRows,
  lockOwnedUploads,
  lockUserRow,
  selectCounts,
  selectLibraryPapers,
  selectNamedUser,
} from './profile.repo';
import { EXPORT_SNAPSHOT, readExportData } from './profile-export';

async function profileUser(db: Db, userId: number): Promise<(TProfileUser & { email: string }) | null> {
  const row = await selectNamedUser(db, userId);
  if (!row?.email || !row.signedInAt) return null;
  return {
    email: row.email,
    name: row.name ?? row.email,
    picture: row.picture,
    signed_in_at: row.signedInAt.toISOString(),
  };
}

/** GET /api/profile: who the caller is (null while anonymous) and how much the server holds for them. */
export async function getProfile(db: Db, userId: number): Promise<Omit<TProfile, 'is_admin'>> {
  const user = await profileUser(db, userId);
  return { user, counts: await selectCounts(db, userId, user?.email ?? null) };
}

/**
 * GET /api/profile/library.bib: every paper in the caller's folders, as BibTeX; with `annote`, each with
 * the caller's notes in its `annote` field (docs/annotations.md#what-marks-feed).
 */
export async function libraryBibtex(db: Db, userId: number, annote = false): Promise<string> {
  const papers = await selectLibraryPapers(db, userId);
  if (!annote) return toBibtex(papers);
  const marksOf = await ownMarksByPaper(
    db,
    userId,
    papers.map(({ platform, paperId }) => ({ platform, paper_id: paperId })),
  );
  return toBibtex(
    papers.map((paper) => ({
      ...paper,
      annote: marksAsText(marksOf({ platform: paper.platform, paper_id: paper.paperId })) || undefined,
    })),
  );
}

/** GET /api/profile/library.json: every paper in the caller's folders, as CSL-JSON. */
export async function libraryCslJson(db: Db, userId: number): Promise<string> {
  return toBibliography(await selectLibraryPapers(db, userId), 'csljson');
}

/** GET /api/profile/export: everything the server holds about the caller (GDPR Art. 15 and 20). */
export function exportProfile(db: Db, userId: number, sessionId: number | null): Promise<TProfileExport> {
  return db.transaction(async (tx) => {
    const user = await profileUser(tx, userId);
    return {
      exported_at: new Date().toISOString(),
      user,
      data: await readExportData(tx, { userId, email: user?.email ?? null, sessionId }),
      bibtex: await libraryBibtex(tx, userId),
    };
  }, EXPORT_SNAPSHOT);
}

/**
 * DELETE /api/profile (docs/security.md#taking-things-back): ONE transaction deletes the user and, by
 * ON DELETE CASCADE, every row of theirs (every session ends with it: their ids answer 401). Their
 * uploads go as an owner's delete takes them (papers row, text, folder entries, and the stored file
 * unless other content holds the same bytes), wherever they were shared: the uploader was their only
 * grant, so every reader's access ends with the account (docs/collaboration.md#uploads). Bytes leave
 * storage only after the commit. False when there was no such user.
 */
export async function deleteAccount(
  { db, storage }: Pick<AppContext, 'db' | 'storage'>,
  userId: number,
  /** More writes that must commit with the deletion or not at all (the admin page's audit row). */
  { inTransaction }: { inTransaction?: (tx: Tx) => Promise<void> } = {},
): Promise<boolean> {
  const orphans = await db.transaction(async (tx) => {
    if (!(await lockUserRow(tx, userId))) return null;
    const owned = await lockOwnedUploads(tx, userId);
    const gone: { key: string; contentHash: string }[] = [];
    // Hash order, so two deletions sharing content lock alike (stored-files.repo).
    // A metadata-only paper (no file: docs/import-export.md) goes with no bytes to release.
    for (const upload of owned.filter((one) => one.contentHash === null)) await deleteUploadedPaper(tx, upload.paperId);
    const withFiles = owned.flatMap(({ paperId, contentHash }) => (contentHash ? [{ paperId, contentHash }] : []));
    for (const upload of withFiles.sort((a, b) => a.contentHash.localeCompare(b.contentHash))) {
      await lockContentHash(tx, upload.contentHash);
      await deleteUploadedPaper(tx, upload.paperId);
      if (await isContentHeld(tx, upload.contentHash)) continue;
      const orphan = await deleteStoredFile(tx, upload.contentHash);
      if (orphan) gone.push(orphan);
    }
    await deleteUserRows(tx, userId);
    await inTransaction?.(tx);
    return gone;
  });
  if (orphans === null) return false;
  for (const orphan of orphans) await removeOrphanBytes(db, storage, orphan);
  return true;
}
