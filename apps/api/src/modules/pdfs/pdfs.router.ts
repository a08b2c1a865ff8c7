import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/identity';
import { requireAccess } from '../../policies/access';
import { resolveSessionById } from '../identity/identity.service';
import { sendStoredPdf } from './pdf-response';
import { createRemotePdfCache } from './remote-pdf.service';
import type { PdfSignature } from './signed-pdf-url';
import { findVisibleUploadedPdf } from './uploaded-pdf.repo';

const s = initServer();

type SignedQuery = Partial<PdfSignature>;

/**
 * The reader of an uploaded PDF: the X-User-ID header, or (pdf.js, a new window: no headers) a signed
 * URL from GET /api/uploads/{id}/pdf-url (docs/security.md#sessions). A signed URL's user must still be an active
 * session: logout or idle expiry ends the links issued to them as well.
 */
async function readerOf(context: AppContext, request: FastifyRequest, paperId: string, query: SignedQuery) {
  if (request.userId !== null) return request.userId;
  const { u, exp, sig } = query;
  if (u === undefined || exp === undefined || sig === undefined) return requireUser(request);
  const issuedTo = context.pdfUrls.verify(paperId, { u, exp, sig });
  const userId = await resolveSessionById(context.db, issuedTo, { idleDays: context.config.SESSION_IDLE_DAYS });
  if (userId === null) {
    throw new AppError('FORBIDDEN', 'This PDF link belongs to a session that has ended: open the paper again');
  }
  return userId;
}

/** The built-in viewer's PDFs, same-origin and range-capable (pdf.js reads pages by range). */
export const createPdfsRouter = (context: AppContext) => {
  const remotePdfs = createRemotePdfCache(context);
  return s.router(contract.pdfs, {
    uploaded: async ({ params, query, request, reply }) => {
      const userId = await readerOf(context, request, params.paperId, query);
      await requireAccess(context.db, { userId }, 'upload.read', [params.paperId]);
      // The scoped query stays as the second wall (docs/security.md#policies).
      const pdf = await findVisibleUploadedPdf(context.db, userId, params.paperId);
      // Readable (the policy passed) yet without a file: a metadata-only paper (docs/import-export.md).
      if (!pdf) throw new AppError('NOT_FOUND', 'No PDF attached to this paper yet');
      return sendStoredPdf(context.storage, request.headers, reply, pdf);
    },
    // Public: the remote PDFs are public papers, and the allow-list bounds what can be fetched.
    proxy: async ({ query, request, reply }) => {
      const pdf = await remotePdfs.open(query.url);
      return sendStoredPdf(context.storage, request.headers, reply, pdf);
    },
  });
};
