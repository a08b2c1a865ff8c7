import type { AppRouteResponse } from '@ts-rest/core';
import { z } from 'zod';
import { c, ZError, ZPaperId, zText } from './common';

/**
 * docs/security.md#sessions: the query of a signed uploaded-PDF URL (all three or none). Only the API writes it:
 * take the whole URL from GET /api/uploads/{paperId}/pdf-url.
 */
export const ZSignedPdfQuery = z
  .object({
    /** The user the URL was issued to (not a credential by itself). */
    u: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /** Expiry, Unix seconds. */
    exp: z.coerce.number().int().positive().max(4_102_444_800).optional(),
    /** HMAC-SHA256 (base64url) over the paper, the user and the expiry. */
    sig: zText()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'not a signature issued by this server')
      .optional(),
  })
  .refine(
    (query) =>
      [query.u, query.exp, query.sig].every((v) => v === undefined) ||
      [query.u, query.exp, query.sig].every((v) => v !== undefined),
    'u, exp and sig come together (take the whole URL from GET /api/uploads/{paperId}/pdf-url)',
  );

/**
 * Why the PDF proxy could not serve a remote PDF, as `details.reason` of its error (docs/security.md#remote-pdfs):
 * the remote host did not answer in time or at all (502), answered with an error or redirected off the
 * allow-list (502), has no such PDF (404), sent more than PDF_FETCH_MAX_BYTES (413), or sent something that
 * is not a PDF (415). Clients that cannot read the body (pdf.js) tell the same cases apart by status.
 */
export const PDF_FETCH_FAILURE_REASONS = [
  'unreachable',
  'upstream_error',
  'not_found',
  'too_large',
  'not_pdf',
] as const;
export const ZPdfFetchFailureReason = z.enum(PDF_FETCH_FAILURE_REASONS);
export type TPdfFetchFailureReason = z.infer<typeof ZPdfFetchFailureReason>;

/** The error of a failed remote fetch: the usual error shape with its reason in `details`. */
export const ZPdfFetchError = ZError.extend({
  details: z.object({
    /** The machine-readable cause (PDF_FETCH_FAILURE_REASONS). */
    reason: ZPdfFetchFailureReason,
    /** The size cap in bytes (reason too_large). */
    max_bytes: z.number().int().positive().optional(),
  }),
});
export type TPdfFetchError = z.infer<typeof ZPdfFetchError>;

/** A PDF's bytes (whole, or one byte range with 206 and Content-Range). */
const ZPdfBytes = c.otherResponse({
  contentType: 'application/pdf',
  body: z.unknown().describe('application/pdf bytes; Accept-Ranges: bytes, ETag = sha256 of the content'),
});

const pdfResponses = {
  200: ZPdfBytes,
  /** One range of a `Range: bytes=…` request (pdf.js loads pages on demand this way). */
  206: ZPdfBytes,
  /** docs/security.md#browser-headers: `If-None-Match` names the current ETag: the cached copy is still good, no body. */
  304: c.noBody(),
  /** The range starts past the end of the file (Content-Range: bytes * /size says the size). */
  416: ZError,
  // satisfies: typed in context, so c.noBody()'s unique symbol does not widen to symbol.
} satisfies Record<number, AppRouteResponse>;

/**
 * Extensions (not in requirements §7): PDFs for the built-in viewer, served same-origin with range
 * requests. Both are listed in EXTENSIONS (spec-endpoints.ts).
 */
export const pdfsContract = c.router({
  uploaded: {
    method: 'GET',
    path: '/api/uploads/:paperId/pdf',
    pathParams: z.object({ paperId: ZPaperId }),
    query: ZSignedPdfQuery,
    responses: { ...pdfResponses, 403: ZError },
    summary: "An uploaded paper's PDF (its uploader, or anyone holding it in a folder; others get 404)",
    description:
      'Authorised by the X-User-ID header, or, for pdf.js and links opened in a new window (which cannot send ' +
      'headers), by the signed query of GET /api/uploads/{paperId}/pdf-url (u, exp, sig): a wrong, expired or ' +
      "other paper's signature answers 403. The user id is never accepted in the URL (docs/security.md#sessions).",
  },
  proxy: {
    method: 'GET',
    path: '/api/pdf-proxy',
    query: z.object({
      /** The remote PDF: only the arXiv export host and the ACL Anthology are allowed. */
      url: zText().trim().min(1, 'url is required').max(2048, 'url must be at most 2048 characters'),
    }),
    // 404 stays the common ZError (every route's, contract.test.ts); a 404 of a failed fetch carries the same details.
    responses: { ...pdfResponses, 413: ZPdfFetchError, 415: ZPdfFetchError, 502: ZPdfFetchError },
    summary: 'A remote PDF (arXiv export host, ACL Anthology) fetched once, then served from storage',
    description:
      'A URL outside the allow-list is refused with 400. A failed fetch caches nothing and answers with its reason ' +
      'in details.reason: 502 unreachable (no connection, or no complete answer in time), 502 upstream_error (an ' +
      'answer other than 200 or 404, or a redirect off the allow-list), 404 not_found (the remote host answered ' +
      '404 or 410), 413 too_large (over PDF_FETCH_MAX_BYTES, declared or streamed; details.max_bytes), 415 not_pdf ' +
      '(the bytes do not start with %PDF-).',
  },
});
