import type { Db } from '../../db/client';
import { knownPublishedDate } from '../../lib/bibliography';
import { escapeHtml } from '../../lib/escape-html';
import { findVisiblePaper, UPLOAD_PLATFORM } from './paper-visibility.repo';

/** What the SPA appends to a page's title (apps/web route-table.ts APP_NAME). */
const APP_NAME = 'Paperbench';

/** The paper of a /paper/{id}/{platform} path (platform arxiv when absent, as the SPA reads it); null for any other path. */
export function paperRefOfPath(url: string): { platform: string; paper_id: string } | null {
  const match = url.split(/[?#]/)[0]?.match(/^\/paper\/([^/]+)(?:\/([^/]+))?\/?$/);
  if (!match?.[1]) return null;
  try {
    return { paper_id: decodeURIComponent(match[1]), platform: decodeURIComponent(match[2] ?? 'arxiv') };
  } catch {
    return null;
  }
}

interface MetaPaper {
  platform: string | null;
  paperId: string | null;
  title: string | null;
  authors: string[] | null;
  publishedDate: string | null;
  doi: string | null;
  pdfUrl: string | null;
}

/** An absolute https PDF link for the Connector: arXiv's own for arXiv papers, else the paper's pdf_url when absolute. */
function absolutePdfUrl(paper: MetaPaper): string | null {
  if (paper.platform === 'arxiv') return `https://arxiv.org/pdf/${paper.paperId}`;
  const url = paper.pdfUrl?.trim();
  return url && /^https?:\/\//i.test(url) ? url.replace(/^http:/i, 'https:') : null;
}

/**
 * docs/import-export.md#citation-meta-tags: Highwire Press tags, which the Zotero Connector (and Google
 * Scholar) read from the page HTML without running its JavaScript, plus the page title the SPA sets.
 * Everything HTML-escaped: titles and names are data.
 */
export function citationHead(paper: MetaPaper): { title: string; meta: string } {
  const tags: [string, string][] = [['citation_title', paper.title ?? '']];
  for (const author of paper.authors ?? []) tags.push(['citation_author', author]);
  const date = knownPublishedDate(paper.publishedDate);
  if (date) tags.push(['citation_publication_date', date.slice(0, 10).replaceAll('-', '/')]);
  const pdf = absolutePdfUrl(paper);
  if (pdf) tags.push(['citation_pdf_url', pdf]);
  if (paper.doi) tags.push(['citation_doi', paper.doi]);
  if (paper.platform === 'arxiv' && paper.paperId) tags.push(['citation_arxiv_id', paper.paperId]);
  return {
    title: `${escapeHtml(paper.title ?? '')} · ${APP_NAME}`,
    meta: tags.map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}" />`).join('\n    '),
  };
}

/**
 * The head of a public paper's page, or null (another path, an unknown paper, or an upload: a private
 * paper gets the plain page, so its existence and title never leak to whoever guesses the URL).
 */
export async function paperPageHead(db: Db, url: string): Promise<{ title: string; meta: string } | null> {
  const ref = paperRefOfPath(url);
  if (!ref || ref.platform === UPLOAD_PLATFORM || ref.paper_id.length > 200) return null;
  const paper = await findVisiblePaper(db, null, ref);
  return paper ? citationHead(paper) : null;
}
