import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import { dispositionOf } from '../../lib/download';
import type { FileStorage } from '../../storage/file-storage';
import { parseRange } from './byte-range';

/** A PDF in storage, ready to be served. */
export interface StoredPdf {
  storageKey: string;
  contentHash: string;
  /** The name the browser shows and saves under (made header-safe here). */
  filename: string;
}

const pdfFilename = (filename: string) => (/\.pdf$/i.test(filename) ? filename : `${filename}.pdf`);

/** The part of a reply this needs (ts-rest's handler types name Fastify's reply with other generics). */
export interface HeaderSink {
  header(name: string, value: string | number): unknown;
}

/** The request headers a PDF reply depends on. */
export interface PdfRequestHeaders {
  range?: string;
  'if-none-match'?: string;
}

type PdfResult =
  | { status: 200 | 206; body: Readable }
  | { status: 304; body: undefined }
  | { status: 416; body: { error: 'INVALID_REQUEST'; message: string } };

/**
 * RFC 9110 §13.1.2: If-None-Match is `*` or a list of entity tags, compared weakly (a W/ prefix
 * still names the same content).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Uploads and cached remote PDFs go out the same way: streamed from storage, whole or one byte range
 * (pdf.js fetches pages on demand with Range requests), with the content hash as a strong ETag; a
 * revalidation naming that ETag gets 304 without a byte of the file (docs/security.md#browser-headers). Callers check
 * access first, so a 304 tells nothing a 200 would not.
 */
export async function sendStoredPdf(
  storage: FileStorage,
  requestHeaders: PdfRequestHeaders,
  reply: HeaderSink,
  pdf: StoredPdf,
): Promise<PdfResult> {
  const stat = await storage.stat(pdf.storageKey);
  if (!stat) throw new AppError('INTERNAL', `The stored bytes of ${pdf.contentHash} are missing`);
  const size = stat.size;
  const etag = `"${pdf.contentHash}"`;
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    etag,
    // Access depends on the caller, so no shared cache may keep it.
    'cache-control': 'private, max-age=3600',
    'content-disposition': dispositionOf(pdfFilename(pdf.filename), 'inline'),
    'x-content-type-options': 'nosniff',
    // The URL may carry ?sig= (docs/security.md#sessions: a short-lived credential): never send it on as a Referer.
    'referrer-policy': 'no-referrer',
    // docs/security.md#browser-headers: the page CSP's object-src 'none' would block Chrome's built-in PDF viewer (it
    // renders through an <embed>) when a PDF is opened in its own tab; a PDF runs no page script, so
    // only the framing rule applies to it.
    'content-security-policy': "frame-ancestors 'none'",
  };
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  // RFC 9110 §13.2.2: If-None-Match is evaluated before Range.
  if (matchesIfNoneMatch(requestHeaders['if-none-match'], etag)) return { status: 304, body: undefined };
  const range = parseRange(requestHeaders.range, size);
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    return {
      status: 416,
      body: { error: 'INVALID_REQUEST', message: `Range not satisfiable: the file has ${size} bytes` },
    };
  }
  if (range.kind === 'full') {
    reply.header('content-length', size);
    return { status: 200, body: storage.createReadStream(pdf.storageKey) };
  }
  reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', range.end - range.start + 1);
  return { status: 206, body: storage.createReadStream(pdf.storageKey, range) };
}
