import type { AppContext } from '../../app-context';
import { withStoredFile } from '../../storage/stored-file';
import type { StoredPdf } from './pdf-response';
import { allowedPdfOrigins, checkPdfUrl, pdfHostNames } from './pdf-url-policy';
import { fetchRemotePdf } from './remote-pdf.fetch';
import { selectRemotePdf, upsertRemotePdf } from './remote-pdfs.repo';

/** The file name a proxied PDF is offered under: the last path segment of its URL. */
const filenameOf = (url: URL) => decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '') || 'paper';

/**
 * Remote PDFs through the proxy: checked against the allow-list, fetched once, stored by content
 * (a remote_pdfs row maps the URL to the bytes), served from storage afterwards. Concurrent first
 * requests for one URL share a single fetch. A failed fetch stores nothing, so the next request
 * tries again.
 */
export function createRemotePdfCache(context: Pick<AppContext, 'db' | 'storage' | 'config'>) {
  const { db, storage, config } = context;
  const origins = allowedPdfOrigins(config);
  const hostNames = pdfHostNames(config);
  const inFlight = new Map<string, Promise<StoredPdf>>();

  async function findCached(sourceUrl: string, filename: string): Promise<StoredPdf | null> {
    const row = await selectRemotePdf(db, sourceUrl);
    if (!row || (await storage.stat(row.storageKey)) === null) return null;
    return { ...row, filename };
  }

  async function fetchAndStore(url: URL, filename: string, beforeFetch?: () => Promise<void>): Promise<StoredPdf> {
    await beforeFetch?.();
    const staged = await fetchRemotePdf(url, storage, {
      origins,
      hostNames,
      timeoutMs: config.PDF_FETCH_TIMEOUT_MS,
      maxBytes: config.PDF_FETCH_MAX_BYTES,
    });
    await withStoredFile(db, storage, staged, 'application/pdf', (tx, contentHash) =>
      upsertRemotePdf(tx, url.href, contentHash),
    );
    const stored = await findCached(url.href, filename);
    if (!stored) throw new Error(`the PDF of ${url.href} vanished right after it was stored`);
    return stored;
  }

  return {
    /**
     * The stored PDF of an allowed URL, fetching it first if needed (400 when not allowed; a failed fetch
     * answers 404 / 413 / 415 / 502 with `details.reason`, see remote-pdf.fetch.ts).
     * `beforeFetch` runs only when the PDF is really fetched (the full-text job paces arXiv with it).
     */
    async open(rawUrl: string, { beforeFetch }: { beforeFetch?: () => Promise<void> } = {}): Promise<StoredPdf> {
      const url = checkPdfUrl(rawUrl, origins);
      const filename = filenameOf(url);
      const cached = await findCached(url.href, filename);
      if (cached) return cached;
      let pending = inFlight.get(url.href);
      if (!pending) {
        pending = fetchAndStore(url, filename, beforeFetch).finally(() => inFlight.delete(url.href));
        inFlight.set(url.href, pending);
      }
      return pending;
    },
  };
}
