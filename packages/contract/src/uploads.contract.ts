import { z } from 'zod';
import { c, ZError, ZOk, ZPaperId, zText } from './common';

/** docs/security.md#sessions: a short-lived signed URL of an uploaded PDF, for pdf.js and links opened in a new window. */
export const ZSignedPdfUrl = z.object({
  /** Same-origin path with ?u=&exp=&sig=; reads this one paper for the user it was issued to. */
  url: zText(),
  /** When the URL stops working (ISO 8601); ask for a new one before then. */
  expires_at: zText().datetime({ offset: true }),
});
export type TSignedPdfUrl = z.infer<typeof ZSignedPdfUrl>;

const ZUploadParams = z.object({ paperId: ZPaperId });

/** docs/uploads.md#metadata-from-the-pdf: where a field was read from. */
export const ZMetadataSource = z.enum([
  'document-info',
  'xmp',
  'first-page-layout',
  'arxiv-stamp',
  'doi-pattern',
  'corpus-record',
]);
export type TMetadataSource = z.infer<typeof ZMetadataSource>;

/** What a PDF says about itself; every field is null when the PDF does not tell. */
export const ZPdfMetadata = z.object({
  title: zText().nullable(),
  authors: z.array(zText()).nullable(),
  /** YYYY-MM-DD; a date printed with only its year is YYYY-01-01. */
  published: zText()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** 'year' when the PDF tells only the year of `published` (then YYYY-01-01); absent when it tells the date. */
  published_precision: z.literal('year').optional(),
  abstract: zText().nullable(),
  doi: zText().nullable(),
  arxiv_id: zText().nullable(),
  /** Each found field → where it came from, e.g. {"title": "first-page-layout", "doi": "doi-pattern"}. */
  sources: z.record(z.enum(['title', 'authors', 'published', 'abstract', 'doi', 'arxiv_id']), ZMetadataSource),
});
export type TPdfMetadata = z.infer<typeof ZPdfMetadata>;

/** The multipart body of POST /api/upload/metadata: the PDF only. */
export type TPdfMetadataBody = { file: Blob };

/** Extensions for uploaded papers (listed in EXTENSIONS, spec-endpoints.ts). */
export const uploadsContract = c.router({
  metadata: {
    method: 'POST',
    path: '/api/upload/metadata',
    contentType: 'multipart/form-data',
    body: c.type<TPdfMetadataBody>(),
    responses: { 200: ZPdfMetadata },
    summary: 'Read title, authors, date, abstract, DOI and arXiv id from a PDF, storing nothing',
    description:
      'Multipart part: file (a PDF, with the same size limit, quota and rate budget as an upload). The bytes are ' +
      'read and discarded. A field the PDF does not tell is null; sources says where each found field came from. ' +
      'A PDF with no text layer (a scan) answers every field null and sources {}.',
  },
  pdfUrl: {
    method: 'GET',
    path: '/api/uploads/:paperId/pdf-url',
    pathParams: ZUploadParams,
    responses: { 200: ZSignedPdfUrl },
    summary: "A signed, short-lived URL of an uploaded paper's PDF (whoever may read it; others get 404)",
    description:
      'pdf.js and a link opened in a new window cannot send X-User-ID, and the id must never travel in a URL. ' +
      'The URL is bound to the paper and the caller, valid for PDF_URL_TTL_SECONDS (default 10 minutes).',
  },
  attachPdf: {
    method: 'PUT',
    path: '/api/uploads/:paperId/pdf',
    pathParams: ZUploadParams,
    contentType: 'multipart/form-data',
    body: c.type<{ file: Blob }>(),
    responses: { 200: ZOk, 409: ZError },
    summary: "Attach a PDF to one of the caller's metadata-only papers (an imported entry with no PDF yet)",
    description:
      "Only the paper's owner; others get 404. Same limits, refusals and byte quota as POST /api/upload/; the text " +
      'is extracted afterwards as for an upload. 409 when the paper already has a PDF.',
  },
  remove: {
    method: 'DELETE',
    path: '/api/uploads/:paperId',
    pathParams: ZUploadParams,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Delete an upload: its paper, text, folder entries and (when no one else holds the bytes) its file',
    description:
      'Only its uploader; anyone else gets 404, as for an unknown id (docs/security.md#taking-things-back). Shared lists and other ' +
      "users' folders lose the paper too.",
  },
});
