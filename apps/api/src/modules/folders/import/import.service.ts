import { randomBytes } from 'node:crypto';
import { paperRefKey, type TImportReport, type TPaperRef } from '@paperbench/contract';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { AppError, notFound } from '../../../lib/app-error';
import { requireAccess } from '../../../policies/access';
import { UPLOAD_PLATFORM } from '../../papers/paper-visibility.repo';
import { requestFullText } from '../../passages/full-text-requests';
import { requirePaperRoom } from '../../quotas/user-quotas';
import { selectEditableFolder } from '../folders.repo';
import type { ImportedEntry } from './bibliography-input';
import { familyName, normaliseTitle } from './entry-ids';
import {
  insertFolderFiles,
  insertMetadataOnlyPapers,
  type MetadataOnlyPaper,
  selectFolderPaperKeys,
  selectMetadataOnlyByLabel,
  updateMetadataOnlyPaper,
} from './import.repo';
import { type EntryMatch, matchEntries } from './match-entries';

export type ImportConfig = Pick<Config, 'FULL_TEXT_FETCH' | 'USER_PAPER_QUOTA' | 'IMPORT_MAX_ENTRIES'>;

const MAX_TITLE = 1000;
const MAX_AUTHORS = 1000;
const MAX_ABSTRACT = 20_000;

/** An entry's fields past what a paper may hold (or holding a NUL, e.g. from Zotero): a reason to reject it, or null. */
function oversized(entry: ImportedEntry): string | null {
  const texts = [entry.title, entry.abstract, entry.doi, ...entry.authors];
  if (texts.some((text) => text?.includes('\u0000'))) return 'a field holds a NUL character';
  if ((entry.title?.length ?? 0) > MAX_TITLE) return `its title is longer than ${MAX_TITLE} characters`;
  if (entry.authors.length > MAX_AUTHORS) return `it has more than ${MAX_AUTHORS} authors`;
  if ((entry.abstract?.length ?? 0) > MAX_ABSTRACT) return `its abstract is longer than ${MAX_ABSTRACT} characters`;
  return null;
}

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

/** An entry with no paper is the same as another when its DOI, or its title + first author + year, is. */
const metadataKey = (entry: ImportedEntry) =>
  entry.doi
    ? `doi:${entry.doi.toLowerCase()}`
    : `t:${normaliseTitle(entry.title ?? '')}|${familyName(entry.authors[0] ?? '')}|${entry.year ?? ''}`;

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
  }: {
    /** More to write in the import's transaction (a Zotero import's library version). */
    alsoWrite?: (tx: Tx) => Promise<void>;
    /**
     * docs/import-export.md#zotero: entries are items of one library whose labels (Zotero's item ids) name
     * them for good; an item imported before as the caller's metadata-only paper is that paper, updated.
     */
    resync?: boolean;
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
    const updates: { paperId: string; entry: ImportedEntry }[] = [];
    const report: TImportReport = { added: 0, matched: 0, metadata_only: 0, duplicates: 0, rejected: [] };
    const seenMetadata = new Set<string>();
    const refs: TPaperRef[] = [];
    const created: MetadataOnlyPaper[] = [];
    entries.forEach((entry, index) => {
      const knownPaperId = known.get(entry.label);
      const match: EntryMatch = knownPaperId
        ? { kind: 'paper', ref: { platform: UPLOAD_PLATFORM, paper_id: knownPaperId } }
        : (matches[index] ?? { kind: 'none' });
      const tooBig = oversized(entry);
      if (match.kind === 'rejected' || tooBig) {
        report.rejected.push({
          entry: entry.label.slice(0, 200),
          reason: tooBig ?? (match as { reason: string }).reason,
        });
        return;
      }
      if (match.kind === 'paper') {
        const key = paperRefKey(match.ref);
        if (knownPaperId && entry.title) updates.push({ paperId: knownPaperId, entry });
        if (inFolder.has(key)) {
          if (knownPaperId) report.updated = (report.updated ?? 0) + 1;
          else report.duplicates++;
          return;
        }
        inFolder.add(key);
        refs.push(match.ref);
        report.matched++;
        return;
      }
      const key = metadataKey(entry);
      if (seenMetadata.has(key)) {
        report.duplicates++;
        return;
      }
      seenMetadata.add(key);
      // 128 random bits, as an upload's id (it grants nothing, but must not be guessable either).
      const paperId = randomBytes(16).toString('base64url');
      created.push({
        paperId,
        title: entry.title ?? entry.label,
        authors: entry.authors,
        publishedDate: entry.publishedDate,
        abstract: entry.abstract,
        doi: entry.doi,
        label: entry.label.slice(0, 200),
      });
      refs.push({ platform: UPLOAD_PLATFORM, paper_id: paperId });
      report.metadata_only++;
    });
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
    await alsoWrite?.(tx);
    report.added = report.matched + report.metadata_only;
    return report;
  });
}
