import type { AppContext } from '../../app-context';
import { databasePacerFor } from '../../ingest/outbound-pacer';
import { pdfDate } from './pdf-metadata-ids';

/** What a Crossref work record gives an upload (docs/uploads.md#crossref). */
export interface CrossrefWork {
  title: string | null;
  authors: string[];
  published: string | null;
  abstract: string | null;
}

const TIMEOUT_MS = 10_000;

/** Crossref's `issued['date-parts'][0]`, [2016] or [2016, 3, 12], as YYYY-MM-DD. */
const fromDateParts = (parts: unknown): string | null => {
  if (!Array.isArray(parts) || !Array.isArray(parts[0])) return null;
  const [year, month = 1, day = 1] = parts[0] as number[];
  if (typeof year !== 'number') return null;
  return pdfDate(`${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`);
};

/** Whether Crossref gives the year alone ([2016]). */
const yearOnly = (parts: unknown): boolean => Array.isArray(parts) && Array.isArray(parts[0]) && parts[0].length === 1;

/** JATS abstract markup (`<jats:p>…</jats:p>`) as plain text. */
const fromJats = (jats: unknown): string | null => {
  if (typeof jats !== 'string') return null;
  const text = jats
    .replace(/<jats:title>[^<]*<\/jats:title>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
};

/**
 * The Crossref record of a DOI, from `${CROSSREF_BASE_URL}/works/{doi}`, or null: unset, unknown DOI,
 * unreachable, slow, or answering nonsense. Never throws: a Crossref failure never fails an upload.
 * Requests are paced through the shared `outbound_pacing` row, as arXiv's are
 * (docs/security.md#outbound-requests-to-arxiv).
 */
export async function fetchCrossrefWork(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  doi: string,
  signal?: AbortSignal,
): Promise<CrossrefWork | null> {
  const base = config.CROSSREF_BASE_URL;
  if (!base) return null;
  try {
    const pacer = databasePacerFor(db, {
      service: 'crossref',
      intervalMs: config.CROSSREF_REQUEST_INTERVAL_MS,
      maxWaiting: config.ARXIV_MAX_WAITING,
    });
    await pacer.waitForSlot(signal);
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const response = await fetch(`${base.replace(/\/+$/, '')}/works/${encodeURIComponent(doi)}`, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const body = (await response.json()) as { message?: Record<string, unknown> };
    const message = body.message;
    if (!message || typeof message !== 'object') return null;
    const titles = message.title;
    const title = Array.isArray(titles) && typeof titles[0] === 'string' ? titles[0].trim() || null : null;
    const authors = Array.isArray(message.author)
      ? (message.author as Array<{ given?: unknown; family?: unknown; name?: unknown }>)
          .map((author) =>
            typeof author.family === 'string'
              ? [author.given, author.family].filter((part) => typeof part === 'string' && part).join(' ')
              : typeof author.name === 'string'
                ? author.name
                : '',
          )
          .filter(Boolean)
      : [];
    const issued = message.issued as { 'date-parts'?: unknown } | undefined;
    return {
      title,
      authors,
      published: fromDateParts(issued?.['date-parts']),
      ...(yearOnly(issued?.['date-parts']) ? { published_precision: 'year' as const } : {}),
      abstract: fromJats(message.abstract),
    };
  } catch {
    return null;
  }
}
