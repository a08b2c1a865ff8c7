import { paperRefKey } from '@paperbench/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app-context';
import { enqueue } from '../../../jobs/queue/enqueue';
import { AppError, notFound } from '../../../lib/app-error';
import { requireAccess } from '../../../policies/access';
import { withStoredFile } from '../../../storage/stored-file';
import { UPLOAD_PLATFORM } from '../../papers/paper-visibility.repo';
import { uploadedPdfUrl } from '../../pdfs/signed-pdf-url';
import { requireUploadRoom } from '../../quotas/user-quotas';
import { insertPendingText } from '../paper-texts.repo';
import { receiveUserUpload } from '../receive-user-upload';
import { attachUploadFile, lockOwnedUpload } from '../uploads.repo';

/**
 * PUT /api/uploads/{paperId}/pdf (docs/import-export.md#attach-a-pdf): a PDF for one of the owner's
 * metadata-only papers. The owner is checked before the body is read (a stranger is 404 and nothing is
 * stored); the PDF is received like an upload (same size limit, %PDF- check, byte quota), then in ONE
 * transaction it becomes the paper's file and its text extraction is queued, as for an upload.
 */
export async function attachPdf(context: AppContext, request: FastifyRequest, ownerId: number, paperId: string) {
  await requireAccess(context.db, { userId: ownerId }, 'upload.attachPdf', [paperId]);
  const { staged, metadata } = await receiveUserUpload(context, request, ownerId);
  const ref = { platform: UPLOAD_PLATFORM, paper_id: paperId };
  await withStoredFile(context.db, context.storage, staged, 'application/pdf', async (tx, contentHash) => {
    const owned = await lockOwnedUpload(tx, ownerId, paperId);
    if (owned === null) throw notFound(`Uploaded paper ${paperId}`);
    if (owned.contentHash !== null) {
      throw new AppError('CONFLICT', `Paper ${paperId} already has a PDF: delete it and upload again to replace it`);
    }
    await requireUploadRoom(tx, ownerId, staged.size, context.config.USER_UPLOAD_QUOTA_BYTES);
    await attachUploadFile(tx, paperId, contentHash, metadata.filename, uploadedPdfUrl(paperId));
    await insertPendingText(tx, { platform: UPLOAD_PLATFORM, paperId });
    await enqueue(tx, 'extract-pdf-text', ref, { dedupeKey: paperRefKey(ref) });
  });
  context.queue.wake();
}
