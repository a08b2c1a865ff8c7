import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { requireAccess } from '../../policies/access';
import { attachPdf } from './commands/attach-pdf';
import { deleteUpload } from './commands/delete-upload';
import { readUploadMetadata } from './read-upload-metadata';
import { closingOnRefusal } from './receive-user-upload';

const s = initServer();

/** Extensions for uploaded papers: signed PDF URLs and deleting an upload (docs/security.md). */
export const createUploadsRouter = (context: AppContext) =>
  s.router(contract.uploads, {
    metadata: async ({ request, reply }) =>
      closingOnRefusal(reply, async () => {
        const body = await readUploadMetadata(context, request, requireUser(request));
        return { status: 200 as const, body };
      }),
    pdfUrl: async ({ params, request }) => {
      const userId = requireUser(request);
      // Signed only for a reader of the paper: a stranger learns nothing (404, as for an unknown id).
      // Reading the signed URL checks again, through the scoped query (docs/security.md#policies).
      await requireAccess(context.db, { userId }, 'upload.read', [params.paperId]);
      const signed = context.pdfUrls.sign(params.paperId, userId);
      return { status: 200, body: { url: signed.url, expires_at: signed.expiresAt.toISOString() } };
    },
    attachPdf: async ({ params, request, reply }) =>
      closingOnRefusal(reply, async () => {
        await attachPdf(context, request, requireUser(request), params.paperId);
        return { status: 200 as const, body: { ok: true as const } };
      }),
    remove: async ({ params, request }) => {
      await deleteUpload(context, { ownerId: requireUser(request), paperId: params.paperId });
      return { status: 204, body: undefined };
    },
  });
