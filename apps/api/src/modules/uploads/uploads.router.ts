import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { notFound } from '../../lib/app-error';
import { requireUser } from '../../plugins/identity';
import { findVisibleUploadedPdf } from '../pdfs/uploaded-pdf.repo';
import { deleteUpload } from './commands/delete-upload';

const s = initServer();

/** Extensions for uploaded papers: signed PDF URLs and deleting an upload (docs/security.md). */
export const createUploadsRouter = (context: AppContext) =>
  s.router(contract.uploads, {
    pdfUrl: async ({ params, request }) => {
      const userId = requireUser(request);
      // Signed only for a reader of the paper: a stranger learns nothing (404, as for an unknown id).
      if (!(await findVisibleUploadedPdf(context.db, userId, params.paperId))) {
        throw notFound(`Uploaded paper ${params.paperId}`);
      }
      const signed = context.pdfUrls.sign(params.paperId, userId);
      return { status: 200, body: { url: signed.url, expires_at: signed.expiresAt.toISOString() } };
    },
    remove: async ({ params, request }) => {
      await deleteUpload(context, { ownerId: requireUser(request), paperId: params.paperId });
      return { status: 204, body: undefined };
    },
  });
