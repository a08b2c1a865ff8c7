import type { TFolderExportFormat } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { type BibliographyPaper, bibliographyFormats, toBibliography } from '../../lib/bibliography';
import { requireAccess } from '../../policies/access';
import type { Actor } from '../../policies/decision';
import { marksAsText, ownMarksByPaper } from '../annotations/marks-as-notes';
import { folderAsMarkdown } from './folder-markdown';
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
 * GET /api/folders/{id}/export: the papers of any folder the actor may read, as BibTeX, RIS, CSL-JSON or
 * a Markdown reading list, named after the folder. An empty folder is an empty file, which the
 * bibliography formats read as no entries. With `annote`, the actor's own notes on each paper ride along
 * (docs/annotations.md#what-marks-feed: their own marks only, not those others shared in the folder).
 */
export async function exportFolder(
  db: Db,
  actor: Actor,
  folderId: number,
  format: TFolderExportFormat,
  annote = false,
): Promise<FolderExport> {
  await requireAccess(db, actor, 'folder.read', [folderId]);
  // The scoped reads stay as the second wall (docs/security.md#policies).
  const name = await selectReadableFolderName(db, actor, folderId);
  if (name === null) throw notFound(`Folder ${folderId}`);
  const papers = await selectReadableFolderPapers(db, actor, folderId);
  const marksOf =
    annote && actor.userId !== null
      ? await ownMarksByPaper(
          db,
          actor.userId,
          papers.map(({ platform, paperId }) => ({ platform, paper_id: paperId })),
        )
      : null;
  const marksOfPaper = (paper: BibliographyPaper) =>
    marksOf?.({ platform: paper.platform, paper_id: paper.paperId }) ?? [];
  if (format === 'markdown') {
    return {
      contentType: 'text/markdown; charset=utf-8',
      filename: folderFilename(name, 'md'),
      body: folderAsMarkdown(name, papers, marksOf ? marksOfPaper : null),
    };
  }
  const { contentType, extension } = bibliographyFormats[format];
  const annotated = marksOf
    ? papers.map((paper) => ({ ...paper, annote: marksAsText(marksOfPaper(paper)) || undefined }))
    : papers;
  return {
    contentType: `${contentType}; charset=utf-8`,
    filename: folderFilename(name, extension),
    body: toBibliography(annotated, format),
  };
}
