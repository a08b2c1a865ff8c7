import { rewritePdfUrl } from '@paperbench/contract';

/** The only hosts the API's PDF proxy accepts (its allow-list); arXiv links reach it already rewritten to the export host. */
const PROXIED_HOSTS = new Set(['export.arxiv.org', 'aclanthology.org']);

/** Uploaded papers' PDFs: /api/uploads/{paper_id}/pdf (the server checks who may read them). */
const UPLOAD_PDF_PATH = /^\/api\/uploads\/([^/?#]+)\/pdf(?:[?#]|$)/;

/**
 * The URL pdf.js loads for a file (requirements §4 Opening a file).
 * - An uploaded paper's PDF stays the bare same-origin path: the viewer sends the X-User-ID header with
 *   it, and a plain link (a new window) needs a short-lived signed URL from the API (docs/security.md#sessions:
 *   the id itself never goes into a URL; see uploadedPaperIdOf and useOpenablePdfUrl).
 * - A remote PDF (arXiv export host, ACL Anthology) goes through the same-origin proxy
 *   /api/pdf-proxy?url=, so pdf.js reads it without cross-origin trouble (requirements §5: https, export host).
 * - Anything else is returned as is (after the requirements §5 rewrite); null when there is no PDF.
 */
export function viewerPdfUrl(paperUrl: string | null | undefined): string | null {
  const trimmed = paperUrl?.trim();
  if (!trimmed) return null;
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

/** The paper id of an uploaded paper's PDF path, or null for any other URL. */
export function uploadedPaperIdOf(url: string | null | undefined): string | null {
  const match = url ? UPLOAD_PDF_PATH.exec(url) : null;
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
