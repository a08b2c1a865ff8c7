import type { TImportReport } from '@paperbench/contract';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { AppError, notFound } from '../../../lib/app-error';
import { requireAccess } from '../../../policies/access';
import { UPLOAD_PLATFORM } from '../../papers/paper-visibility.repo';
import { requestFullText } from '../../passages/full-text-requests';
import { requirePaperRoom } from '../../quotas/user-quotas';
import { selectEditableFolder } from '../folders.repo';
import type { ImportedEntry } from './bibliography-input';
import {
  deleteFolderFiles,
  insertFolderFiles,
  insertMetadataOnlyPapers,
  selectFolderPaperKeys,
  selectMetadataOnlyByLabel,
  updateMetadataOnlyPaper,
} from './import.repo';
import { matchEntries } from './match-entries';
import { planImport } from './plan-import';

export type ImportConfig = Pick<Config, 'FULL_TEXT_FETCH' | 'USER_PAPER_QUOTA' | 'IMPORT_MAX_ENTRIES'>;

/** Entries over the limit are refused whole, before anything is matched (docs/import-export.md#limits). */
export function requireEntryRoom(entries: number, limit: number): void {
  if (entries > limit) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file has ${entries} entries, more than the limit of ${limit} (IMPORT_MAX_ENTRIES): split it and import the parts`,
      { limit },
    );
  }
}

/**
 * docs/import-export.md: the entries into the folder, all or nothing in one transaction. The caller
 * must be able to add papers to the folder (folder.addFile; a stranger's folder is 404).
 */
export async function importEntries(
  db: Db,
  config: ImportConfig,
  userId: number,
  folderId: number,
  entries: readonly ImportedEntry[],
  {
    alsoWrite,
    resync = false,
    deletedLabels,
  }: {
    /** More to write in the import's transaction (a Zotero import's library version). */
    alsoWrite?: (tx: Tx) => Promise<void>;
    /**
     * docs/import-export.md#zotero: entries are items of one library whose labels (Zotero's item ids) name
     * them for good; an item imported before as the caller's metadata-only paper is that paper, updated.
     */
    resync?: boolean;
    /** Zotero re-syncs: labels of items deleted since; their metadata-only papers leave the folder. */
    deletedLabels?: readonly string[];
  } = {},
): Promise<TImportReport> {
  await requireAccess(db, { userId }, 'folder.addFile', [folderId]);
  requireEntryRoom(entries.length, config.IMPORT_MAX_ENTRIES);
  return db.transaction(async (tx) => {
    // The folder's key-share lock makes a concurrent delete wait (as adding one paper does).
    if (!(await selectEditableFolder(tx, userId, folderId, 'key share'))) throw notFound(`Folder ${folderId}`);
    const inFolder = await selectFolderPaperKeys(tx, folderId);
    const known = resync
      ? await selectMetadataOnlyByLabel(
          tx,
          userId,
          entries.map((entry) => entry.label),
        )
      : new Map<string, string>();
    const matches = await matchEntries(tx, userId, entries);
    const { report, refs, created, updates } = planImport(entries, matches, known, inFolder);
    if (created.length > 0) {
      await requirePaperRoom(tx, userId, created.length, config.USER_PAPER_QUOTA);
      await insertMetadataOnlyPapers(tx, userId, created);
    }
    await insertFolderFiles(tx, folderId, refs, userId);
    for (const { paperId, entry } of updates) await updateMetadataOnlyPaper(tx, paperId, entry);
    // Matched corpus papers get their full text as when added one by one; metadata-only ones have none to extract.
    await requestFullText(
      tx,
      config,
      refs.filter((ref) => ref.platform !== UPLOAD_PLATFORM),
    );
    if (deletedLabels) {
      const gone = await selectMetadataOnlyByLabel(tx, userId, deletedLabels);
      report.removed = await deleteFolderFiles(tx, folderId, [...gone.values()]);
    }
    await alsoWrite?.(tx);
    report.added = report.matched + report.metadata_only;
    return report;
  });
}
