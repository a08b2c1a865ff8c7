import { and, eq, sql } from 'drizzle-orm';
import { papers, storedFiles, uploads } from '../schema';

/** Join conditions from an upload to what it stands for: its papers row and its stored bytes. */
export const uploadPaperJoin = and(eq(papers.platform, uploads.platform), eq(papers.paperId, uploads.paperId));
export const uploadFileJoin = eq(storedFiles.contentHash, uploads.contentHash);

/**
 * Whether the papers row has a PDF: false only for a metadata-only paper, an upload without a stored file
 * (docs/import-export.md#metadata-only-papers). For the File List's rows (folders and chat alike).
 */
export const hasPdfColumn = sql<boolean>`not exists (select 1 from ${uploads} where ${uploads.platform} = ${papers.platform}
  and ${uploads.paperId} = ${papers.paperId} and ${uploads.contentHash} is null)`;
