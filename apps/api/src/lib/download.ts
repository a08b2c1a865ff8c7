import contentDisposition from 'content-disposition';

/** The part of a reply this needs (ts-rest's handler types name Fastify's reply with other generics). */
export interface HeaderSink {
  header(name: string, value: string): unknown;
}

/**
 * The name old clients read from `filename`: accents dropped, anything else non-ASCII, quotes,
 * backslashes, `%` and `;` made `_`. Browsers take the exact name from `filename*`.
 */
const asciiStandIn = (filename: string) =>
  filename
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');

/**
 * `attachment; filename="…"` (RFC 6266, by the content-disposition package), with
 * `filename*=UTF-8''…` when the exact name is not its ASCII stand-in. `inline` opens in the browser
 * under that name (PDFs).
 */
export const dispositionOf = (filename: string, type: 'attachment' | 'inline' = 'attachment') =>
  contentDisposition(filename, { type, fallback: asciiStandIn(filename) });

/** A file to save (exports, BibTeX, markdown): its name, its type when given, and never cached. */
export function setDownloadHeaders(reply: HeaderSink, filename: string, contentType?: string): void {
  if (contentType) reply.header('content-type', contentType);
  reply.header('content-disposition', dispositionOf(filename));
  reply.header('cache-control', 'no-store');
}
