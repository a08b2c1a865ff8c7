import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { createUpload } from './commands/create-upload';
import { parseUploadForm } from './upload-form';
import { receiveUpload } from './upload-receiver';

const s = initServer();

/**
 * POST /api/upload/ (spec §7): multipart {file, title, authors, published, abstract} → 201
 * {paper_id, platform: 'upload'}. The text is extracted after the reply (see text-extraction.queue).
 */
export const createUploadRoute = (context: AppContext) =>
  s.route(contract.folders.upload, async ({ request, reply }) => {
    try {
      const ownerId = requireUser(request);
      const { staged, filename, fields } = await receiveUpload(
        request,
        context.storage,
        context.config.UPLOAD_MAX_BYTES,
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
