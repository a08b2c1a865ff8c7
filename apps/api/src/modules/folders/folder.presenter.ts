import { NO_LONGER_SHARED_FILENAME, type TFolder, type TFolderFile } from '@paperbench/contract';
import { computeAbilities, type FolderMembership } from '../../policies/folder.policy';
import type { FolderFileRow, FolderRow } from './folders.repo';
import { resolvePaperUrl } from './paper-url';

/**
 * The fields a file has wherever it is listed (a folder, or the flat File List of chat). A paper the
 * caller may no longer read keeps its row but shows nothing of the paper (docs/collaboration.md#uploads).
 */
export function presentFileFields(row: Omit<FolderFileRow, 'folderId'>): Omit<TFolderFile, 'folder_id'> {
  if (!row.readable) {
    const ref = { paper_id: row.paperId, platform: row.platform };
    return { ...ref, filename: NO_LONGER_SHARED_FILENAME, paper_URL: null, selected: false, unavailable: true };
  }
  return {
    paper_id: row.paperId,
    platform: row.platform,
    // The paper's title, for uploads too.
    filename: row.title,
    paper_URL: row.hasPdf === false ? null : resolvePaperUrl(row),
    selected: row.selected,
    ...(row.hasPdf === false ? { no_pdf: true as const } : {}),
  };
}

/** Row → requirements §3 File in a folder. */
export function presentFolderFile(row: FolderFileRow): TFolderFile {
  return { ...presentFileFields(row), folder_id: row.folderId };
}

/**
 * Row → requirements §3 Folder, with the caller's abilities (from their membership when the folder is another's
 * shared one) and the files given (already in order).
 */
export function presentFolder(
  row: FolderRow,
  files: readonly FolderFileRow[],
  viewerId: number,
  membership?: FolderMembership,
): TFolder {
  return {
    id: row.id,
    name: row.name,
    // The schema's CHECK keeps type to the contract's values.
    type: row.type as TFolder['type'],
    is_public: row.isPublic,
    created_at: row.createdAt.toISOString(),
    abilities: computeAbilities({ userId: viewerId }, row, membership),
    files: files.map(presentFolderFile),
  };
}

/** Groups file rows by folder id, keeping their order. */
export function groupFilesByFolder(rows: readonly FolderFileRow[]): Map<number, FolderFileRow[]> {
  const byFolder = new Map<number, FolderFileRow[]>();
  for (const row of rows) {
    const list = byFolder.get(row.folderId);
    if (list) list.push(row);
    else byFolder.set(row.folderId, [row]);
  }
  return byFolder;
}
