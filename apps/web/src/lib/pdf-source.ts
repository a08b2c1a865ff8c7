import { rewritePdfUrl } from '@paperbench/contract';

/** The only hosts the API's PDF proxy accepts (its allow-list); arXiv links reach it already rewritten to the export host. */
const PROXIED_HOSTS = new Set(['export.arxiv.org', 'aclanthology.org']);

/** Uploaded papers' PDFs: /api/uploads/{paper_id}/pdf (the server checks who may read them). */
const UPLOAD_PDF_PATH = /^\/api\/uploads\//;

/**
 * The URL pdf.js and the 'Open in new window' link load for a file (spec §4 Opening a file).
 * - An uploaded paper's PDF needs the caller's id, and neither pdf.js nor a new window can send the
 *   X-User-ID header: it goes in the query as ?uid=.
 * - A remote PDF (arXiv export host, ACL Anthology) goes through the same-origin proxy
 *   /api/pdf-proxy?url=, so pdf.js reads it without cross-origin trouble (spec §5: https, export host).
 * - Anything else is returned as is (after the spec §5 rewrite); null when there is no PDF.
 */
export function viewerPdfUrl(paperUrl: string | null | undefined, userId: string | null): string | null {
  const trimmed = paperUrl?.trim();
  if (!trimmed) return null;
  if (UPLOAD_PDF_PATH.test(trimmed)) {
    if (!userId || /[?&]uid=/.test(trimmed)) return trimmed;
    return `${trimmed}${trimmed.includes('?') ? '&' : '?'}uid=${encodeURIComponent(userId)}`;
  }
  if (trimmed.startsWith('/')) return trimmed;
  const remote = rewritePdfUrl(trimmed);
  if (!remote) return null;
  let host: string;
  try {
    host = new URL(remote).hostname.toLowerCase();
  } catch {
    return null;
  }
  return PROXIED_HOSTS.has(host) ? `/api/pdf-proxy?url=${encodeURIComponent(remote)}` : remote;
}
