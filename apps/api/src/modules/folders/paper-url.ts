import { UPLOAD_PLATFORM } from '../papers/paper-visibility';

/** spec §5: arXiv PDF links are rewritten to the provider's export host. */
export const ARXIV_EXPORT_PDF_BASE = 'https://export.arxiv.org/pdf/';

const ARXIV_HOSTS = new Set(['arxiv.org', 'www.arxiv.org']);

export interface PaperUrlSource {
  platform: string;
  paperId: string;
  pdfUrl: string | null;
}

/** Where uploaded PDFs are served (the uploads module owns that route). */
export const buildUploadPdfPath = (paperId: string) => `/api/uploads/${encodeURIComponent(paperId)}/pdf`;

/** spec §5: http becomes https, and arxiv.org PDF links move to the export host. Null for no or bad URLs. */
export function normalizePdfUrl(pdfUrl: string | null): string | null {
  if (!pdfUrl) return null;
  let url: URL;
  try {
    url = new URL(pdfUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.protocol = 'https:';
  if (ARXIV_HOSTS.has(url.hostname)) url.hostname = 'export.arxiv.org';
  return url.toString();
}

/**
 * The PDF URL a viewer opens for a file (spec §3 paper_URL): uploads from our own server, arXiv
 * papers from the export host by id (old-style ids keep their slash: math/0601001), others from
 * their pdf_url made https.
 */
export function resolvePaperUrl({ platform, paperId, pdfUrl }: PaperUrlSource): string | null {
  if (platform === UPLOAD_PLATFORM) return buildUploadPdfPath(paperId);
  if (platform === 'arxiv') return `${ARXIV_EXPORT_PDF_BASE}${paperId}`;
  return normalizePdfUrl(pdfUrl);
}
