import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { requireUser } from '../../plugins/identity';
import { findUserIdByToken } from '../identity/identity.repo';
import { sendStoredPdf } from './pdf-response';
import { createRemotePdfCache } from './remote-pdf.service';
import { findVisibleUploadedPdf } from './uploaded-pdf.repo';

const s = initServer();

/**
 * The reader of an uploaded PDF. pdf.js and a link opened in a new window cannot send the X-User-ID
 * header, so this one GET also takes the id as `?uid=`: the same bearer credential, checked the same
 * way (app.ts keeps it out of the request log; responses say Referrer-Policy: no-referrer).
 */
async function readerOf(db: Db, request: FastifyRequest, uid: string | undefined): Promise<number> {
  if (request.userId !== null || uid === undefined) return requireUser(request);
  const userId = await findUserIdByToken(db, uid);
  if (userId === null) throw new AppError('UNAUTHORIZED', 'Unknown uid: ask POST /api/user/get_id for a new id');
  return userId;
}

/** Issue 3: the viewer's PDFs, same-origin and range-capable. */
export const createPdfsRouter = (context: AppContext) => {
  const remotePdfs = createRemotePdfCache(context);
  return s.router(contract.pdfs, {
    uploaded: async ({ params, query, request, reply }) => {
      const userId = await readerOf(context.db, request, query.uid);
      const pdf = await findVisibleUploadedPdf(context.db, userId, params.paperId);
      if (!pdf) throw notFound(`Uploaded paper ${params.paperId}`);
      return sendStoredPdf(context.storage, request.headers.range, reply, pdf);
    },
    // Public: the remote PDFs are public papers, and the allow-list bounds what can be fetched.
    proxy: async ({ query, request, reply }) => {
      const pdf = await remotePdfs.open(query.url);
      return sendStoredPdf(context.storage, request.headers.range, reply, pdf);
    },
  });
};
