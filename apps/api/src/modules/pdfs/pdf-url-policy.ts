import { AppError } from '../../lib/app-error';

/** The origins (scheme, host, port) the PDF proxy may fetch from, taken from config. */
export const allowedPdfOrigins = (config: { ARXIV_PDF_BASE_URL: string; ACL_PDF_BASE_URL: string }): string[] => [
  new URL(config.ARXIV_PDF_BASE_URL).origin,
  new URL(config.ACL_PDF_BASE_URL).origin,
];

/** What error messages call each allowed origin (a test's stand-in for arXiv is still "arXiv"). */
export const pdfHostNames = (config: { ARXIV_PDF_BASE_URL: string; ACL_PDF_BASE_URL: string }) =>
  new Map([
    [new URL(config.ACL_PDF_BASE_URL).origin, 'ACL Anthology'],
    // Set last: should both name one origin, it is arXiv's.
    [new URL(config.ARXIV_PDF_BASE_URL).origin, 'arXiv'],
  ]);

/**
 * Whether a URL may be fetched (architecture: remote fetches only to an allow-list of hosts). Its
 * origin must equal an allowed one exactly, so arxiv.org (not the export host), another port or
 * scheme, file: URLs and look-alike hosts all fail; user info (https://export.arxiv.org@evil/) too.
 */
export function isAllowedPdfUrl(url: URL, origins: readonly string[]): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return origins.includes(url.origin);
}

/** The URL to fetch and to cache under (no #fragment), or 400 "host not allowed". */
export function checkPdfUrl(raw: string, origins: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('INVALID_REQUEST', 'url is not an absolute URL');
  }
  if (!isAllowedPdfUrl(url, origins)) {
    throw new AppError('INVALID_REQUEST', `host not allowed: the PDF proxy fetches only from ${origins.join(' and ')}`);
  }
  url.hash = '';
  return url;
}
