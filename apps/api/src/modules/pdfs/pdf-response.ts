import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../storage/file-storage';
import { parseRange } from './byte-range';

/** A PDF in storage, ready to be served. */
export interface StoredPdf {
  storageKey: string;
  contentHash: string;
  /** The name the browser shows and saves under (made header-safe here). */
  filename: string;
}

/** `inline; filename="…"` with an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(filename: string): string {
  const name = /\.pdf$/i.test(filename) ? filename : `${filename}.pdf`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The part of a reply this needs (ts-rest's handler types name Fastify's reply with other generics). */
export interface HeaderSink {
  header(name: string, value: string | number): unknown;
}

type PdfResult =
  | { status: 200 | 206; body: Readable }
  | { status: 416; body: { error: 'INVALID_REQUEST'; message: string } };

/**
 * Uploads and cached remote PDFs go out the same way: streamed from storage, whole or one byte range
 * (pdf.js fetches pages on demand with Range requests), with the content hash as a strong ETag.
 */
export async function sendStoredPdf(
  storage: FileStorage,
  rangeHeader: string | undefined,
  reply: HeaderSink,
  pdf: StoredPdf,
): Promise<PdfResult> {
  const stat = await storage.stat(pdf.storageKey);
  if (!stat) throw new AppError('INTERNAL', `The stored bytes of ${pdf.contentHash} are missing`);
  const size = stat.size;
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    etag: `"${pdf.contentHash}"`,
    // Access depends on the caller, so no shared cache may keep it.
    'cache-control': 'private, max-age=3600',
    'content-disposition': contentDisposition(pdf.filename),
    'x-content-type-options': 'nosniff',
    // The URL may carry ?uid=, a credential: never send it on as a Referer.
    'referrer-policy': 'no-referrer',
  };
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  const range = parseRange(rangeHeader, size);
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
