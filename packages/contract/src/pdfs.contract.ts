import { z } from 'zod';
import { c, ZError, ZPaperId } from './common';
import { ZUserId } from './identity.schemas';

/** A PDF's bytes (whole, or one byte range with 206 and Content-Range). */
const ZPdfBytes = c.otherResponse({
  contentType: 'application/pdf',
  body: z.unknown().describe('application/pdf bytes; Accept-Ranges: bytes, ETag = sha256 of the content'),
});

const pdfResponses = {
  200: ZPdfBytes,
  /** One range of a `Range: bytes=…` request (pdf.js loads pages on demand this way). */
  206: ZPdfBytes,
  /** The range starts past the end of the file (Content-Range: bytes * /size says the size). */
  416: ZError,
};

/**
 * Issue 3 extensions (not in spec §7): PDFs for the built-in viewer, served same-origin with range
 * requests. Both are listed in EXTENSIONS (spec-endpoints.ts).
 */
export const pdfsContract = c.router({
  uploaded: {
    method: 'GET',
    path: '/api/uploads/:paperId/pdf',
    pathParams: z.object({ paperId: ZPaperId }),
    query: z.object({
      /**
       * The caller's X-User-ID, for clients that cannot send headers (pdf.js, a link opened in a new
       * window). The same bearer credential as the header; the header wins when both are present.
       */
      uid: ZUserId.optional(),
    }),
    responses: pdfResponses,
    summary: "An uploaded paper's PDF (its uploader, or anyone holding it in a folder; others get 404)",
  },
  proxy: {
    method: 'GET',
    path: '/api/pdf-proxy',
    query: z.object({
      /** The remote PDF: only the arXiv export host and the ACL Anthology are allowed. */
      url: z.string().trim().min(1, 'url is required').max(2048, 'url must be at most 2048 characters'),
    }),
    responses: { ...pdfResponses, 502: ZError },
    summary: 'A remote PDF (arXiv export host, ACL Anthology) fetched once, then served from storage',
    description:
      'A URL outside the allow-list is refused with 400; a failed fetch (unreachable, timeout, non-200, not a ' +
      'PDF, too large, redirected off the allow-list) answers 502 naming the cause, and nothing is cached.',
  },
});
