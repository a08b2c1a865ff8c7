import { ARXIV_EXPORT_ORIGIN, rewritePdfUrl, type TPaper } from '@paperbench/contract';
import { uploadedPaperIdOf } from './pdf-source';

/** requirements §5: platforms whose source page lives in the ACL Anthology. */
const ACL_ANTHOLOGY_PLATFORMS = new Set(['acl', 'emnlp', 'naacl', 'eacl', 'coling']);

type PaperLinkFields = Pick<TPaper, 'paper_id' | 'platform' | 'pdf_url'>;

/** The PDF to open for a paper; an arxiv paper without pdf_url still has one on the export host. */
export function pdfUrlOf(paper: PaperLinkFields): string | null {
  const rewritten = rewritePdfUrl(paper.pdf_url);
  if (rewritten) return rewritten;
  return paper.platform === 'arxiv' ? `${ARXIV_EXPORT_ORIGIN}/pdf/${paper.paper_id}` : null;
}

/**
 * requirements §5 Source link: arxiv → the abstract page; ACL-family platforms → the ACL Anthology;
 * otherwise the paper's pdf_url (null when it has none). An upload's pdf_url is this server's
 * /api/uploads/{id}/pdf, which a plain link cannot open (no X-User-ID: 401): it has no source link,
 * its PDF opens in the viewer (the card's PDF, the paper page's Read).
 */
export function sourceUrlOf(paper: PaperLinkFields): string | null {
  if (paper.platform === 'arxiv') return `https://arxiv.org/abs/${paper.paper_id}`;
  if (ACL_ANTHOLOGY_PLATFORMS.has(paper.platform)) return `https://aclanthology.org/${paper.paper_id}`;
  const pdfUrl = rewritePdfUrl(paper.pdf_url);
  return uploadedPaperIdOf(pdfUrl) === null ? pdfUrl : null;
}
