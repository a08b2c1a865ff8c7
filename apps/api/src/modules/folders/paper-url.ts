import { ARXIV_EXPORT_ORIGIN, rewritePdfUrl } from '@paperbench/contract';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';

export interface PaperUrlSource {
  platform: string;
  paperId: string;
  pdfUrl: string | null;
}

/** Where uploaded PDFs are served (the uploads module owns that route). */
export const buildUploadPdfPath = (paperId: string) => `/api/uploads/${encodeURIComponent(paperId)}/pdf`;

/**
 * The PDF URL a viewer opens for a file (requirements §3 paper_URL): uploads from our own server, arXiv
 * papers from the export host by id (old-style ids keep their slash: math/0601001), others from
 * their pdf_url made https.
 */
export function resolvePaperUrl({ platform, paperId, pdfUrl }: PaperUrlSource): string | null {
  if (platform === UPLOAD_PLATFORM) return buildUploadPdfPath(paperId);
  if (platform === 'arxiv') return `${ARXIV_EXPORT_ORIGIN}/pdf/${paperId}`;
  return rewritePdfUrl(pdfUrl);
}
