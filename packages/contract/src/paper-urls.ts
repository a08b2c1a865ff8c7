/** requirements §5: arXiv PDFs are fetched from the provider's export host. */
export const ARXIV_EXPORT_ORIGIN = 'https://export.arxiv.org';

const ARXIV_HOSTS = new Set(['arxiv.org', 'www.arxiv.org']);

/**
 * requirements §5 PDF URL, the one rule both apps use: http becomes https, and arxiv.org PDF links
 * (/pdf/…) move to the export host. A path on this server (an upload's /api/uploads/…/pdf) is kept
 * as is. Null for a blank URL, one that does not parse, or any scheme other than http(s) (a
 * javascript: link must never become a PDF link).
 */
export function rewritePdfUrl(pdfUrl: string | null | undefined): string | null {
  const trimmed = pdfUrl?.trim();
  if (!trimmed) return null;
  // Same-origin path; '//host/…' is protocol-relative, i.e. another host, and goes through the rules.
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.protocol = 'https:';
  if (ARXIV_HOSTS.has(url.hostname) && url.pathname.startsWith('/pdf/')) {
    return `${ARXIV_EXPORT_ORIGIN}${url.pathname}${url.search}`;
  }
  return url.toString();
}
