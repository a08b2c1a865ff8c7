import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { createUpload } from './commands/create-upload';
import { closingOnRefusal, receiveUserUpload } from './receive-user-upload';

const s = initServer();

/**
 * POST /api/upload/ (requirements §7): multipart {file, title, authors, published, abstract} → 201
 * {paper_id, platform: 'upload'}. The text is extracted after the reply (the extract-pdf-text job of
 * jobs/queue, enqueued with the upload's commit). The caller's own earlier upload of the same bytes is
 * answered 200 with that upload's reference, and nothing new is kept (docs/security.md#uploads-of-the-same-bytes).
 */
export const createUploadRoute = (context: AppContext) =>
  s.route(contract.folders.upload, async ({ request, reply }) =>
    closingOnRefusal(reply, async () => {
      const ownerId = requireUser(request);
      const { staged, metadata } = await receiveUserUpload(context, request, ownerId);
      const { ref, isExisting } = await createUpload(context, { ownerId, staged, metadata });
      return isExisting ? { status: 200 as const, body: ref } : { status: 201 as const, body: ref };
    }),
  );
