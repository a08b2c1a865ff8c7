import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { uploadQuotaExceeded, uploadRoom } from '../quotas/user-quotas';
import { createUpload } from './commands/create-upload';
import { parseUploadForm } from './upload-form';
import { receiveUpload } from './upload-receiver';

const s = initServer();

/**
 * POST /api/upload/ (spec §7): multipart {file, title, authors, published, abstract} → 201
 * {paper_id, platform: 'upload'}. The text is extracted after the reply (the extract-pdf-text job of
 * jobs/queue, enqueued with the upload's commit).
 */
export const createUploadRoute = (context: AppContext) =>
  s.route(contract.folders.upload, async ({ request, reply }) => {
    try {
      const ownerId = requireUser(request);
      // docs/security.md#rate-limits-and-quotas: the stream is cut off where it would pass the user's byte quota, before storing.
      const { UPLOAD_MAX_BYTES: fileLimit, USER_UPLOAD_QUOTA_BYTES: quota } = context.config;
      const room = await uploadRoom(context.db, ownerId, quota);
      if (room === 0) throw uploadQuotaExceeded(quota);
      const { staged, filename, fields } = await receiveUpload(
        request,
        context.storage,
        Math.min(fileLimit, room),
        room < fileLimit ? () => uploadQuotaExceeded(quota) : undefined,
      );
      let metadata: ReturnType<typeof parseUploadForm>;
      try {
        metadata = parseUploadForm(fields, filename);
      } catch (error) {
        await staged.discard();
        throw error;
      }
      const body = await createUpload(context, { ownerId, staged, metadata });
      return { status: 201, body };
    } catch (error) {
      // A refusal may come before the client has sent all of a large body; closing the connection
      // stops it, instead of leaving unread bytes on a keep-alive socket.
      reply.header('connection', 'close');
      throw error;
    }
  });
