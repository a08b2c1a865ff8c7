import { and, eq } from 'drizzle-orm';
import { papers, storedFiles, uploads } from '../schema';

/** Join conditions from an upload to what it stands for: its papers row and its stored bytes. */
export const uploadPaperJoin = and(eq(papers.platform, uploads.platform), eq(papers.paperId, uploads.paperId));
export const uploadFileJoin = eq(storedFiles.contentHash, uploads.contentHash);
