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
  /** The Content-Disposition header: the file is named after the folder. */
  disposition: string;
  body: string;
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): the quoted name is an ASCII stand-in for
 * old clients (accents dropped, anything else non-ASCII, quotes and backslashes made `_`); browsers
 * take the exact UTF-8 name from filename*. Path separators and control characters never reach either.
 */
export function attachmentDisposition(baseName: string, extension: string): string {
  const cleaned = baseName.replace(/[\p{Cc}/\\]+/gu, ' ').trim() || 'folder';
  const ascii = cleaned
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(`${cleaned}.${extension}`).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}`;
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
    disposition: attachmentDisposition(name, extension),
    body: toBibliography(papers, format),
  };
}
