import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadFileJoin, uploadPaperJoin } from '../../db/columns/upload-joins';
import { papers, storedFiles, uploads } from '../../db/schema';
import { UPLOAD_PLATFORM, visiblePaperFilter } from '../papers/paper-visibility.repo';
import type { StoredPdf } from './pdf-response';

/**
 * An uploaded paper's PDF if the caller may see the paper (its uploader, or someone holding it in a
 * folder: the one rule of paper-visibility.ts), else null, which the caller answers with 404.
 */
export async function findVisibleUploadedPdf(db: Db, userId: number, paperId: string): Promise<StoredPdf | null> {
  const [row] = await db
    .select({
      storageKey: storedFiles.storageKey,
      contentHash: storedFiles.contentHash,
      filename: uploads.originalFilename,
    })
    .from(uploads)
    .innerJoin(papers, uploadPaperJoin)
    .innerJoin(storedFiles, uploadFileJoin)
    .where(and(eq(uploads.platform, UPLOAD_PLATFORM), eq(uploads.paperId, paperId), visiblePaperFilter(userId)))
    .limit(1);
  return row ?? null;
}
