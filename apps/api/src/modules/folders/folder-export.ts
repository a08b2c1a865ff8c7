import type { TBibliographyFormat } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { bibliographyFormats, toBibliography } from '../../lib/bibliography';
import { requireAccess } from '../../policies/access';
import type { Actor } from '../../policies/decision';
import { selectReadableFolderName, selectReadableFolderPapers } from './folders.repo';

/** A folder's bibliography, ready to send as a download. */
export interface FolderExport {
  contentType: string;
  /** Named after the folder. */
  filename: string;
  body: string;
}

/** The folder's name as a file name: path separators and control characters never reach it. */
export function folderFilename(baseName: string, extension: string): string {
  const cleaned = baseName.replace(/[\p{Cc}/\\]+/gu, ' ').trim() || 'folder';
  return `${cleaned}.${extension}`;
}

/**
 * GET /api/folders/{id}/export: the papers of any folder the actor may read, as BibTeX or RIS, named
 * after the folder. An empty folder is an empty file, which both formats read as no entries.
 */
export async function exportFolder(
  db: Db,
  actor: Actor,
  folderId: number,
  format: TBibliographyFormat,
): Promise<FolderExport> {
  await requireAccess(db, actor, 'folder.read', [folderId]);
  // The scoped reads stay as the second wall (docs/security.md#policies).
  const name = await selectReadableFolderName(db, actor, folderId);
  if (name === null) throw notFound(`Folder ${folderId}`);
  const papers = await selectReadableFolderPapers(db, actor, folderId);
  const { contentType, extension } = bibliographyFormats[format];
  return {
    contentType: `${contentType}; charset=utf-8`,
    filename: folderFilename(name, extension),
    body: toBibliography(papers, format),
  };
}
