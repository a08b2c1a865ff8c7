import { AppError } from '../../../lib/app-error';

/** docs/import-export.md#zotero: which library, and the key to read it with (never stored). */
export interface ZoteroSource {
  libraryType: 'user' | 'group';
  libraryId: string;
  apiKey: string;
  collectionKey?: string;
}

export interface ZoteroItems {
  items: unknown[];
  /** The library's Last-Modified-Version when the first page was read: the next sync's `since`. */
  version: number;
}

const PAGE = 100;
const TIMEOUT_MS = 30_000;

/** 'users/123' or 'groups/456', with '/collections/KEY' for a collection: the Web API's path, and the sync state's key. */
export const libraryPath = (source: ZoteroSource) =>
  `${source.libraryType === 'user' ? 'users' : 'groups'}/${source.libraryId}` +
  (source.collectionKey ? `/collections/${source.collectionKey}` : '');

/** A Zotero answer that is not a page of items, as our error (the key never appears in a message). */
function zoteroError(status: number, headers: Headers, library: string): AppError {
  if (status === 403) {
    return new AppError(
      'INVALID_REQUEST',
      `Zotero refused the API key for ${library} (403): check the key, and that it may read this library`,
    );
  }
  if (status === 404) return new AppError('NOT_FOUND', `Zotero has no library or collection ${library} (404)`);
  const wait = Number(headers.get('backoff') ?? headers.get('retry-after') ?? Number.NaN);
  if (status === 429 || status === 503) {
    const after = Number.isFinite(wait) ? ` in ${wait} s` : ' later';
    return new AppError('TOO_MANY_REQUESTS', `Zotero asks us to slow down (${status}): try again${after}`, {
      retry_after_seconds: Number.isFinite(wait) ? wait : undefined,
    });
  }
  return new AppError('BAD_GATEWAY', `Zotero answered ${status} for ${library}: try again later`);
}

async function getPage(url: URL, apiKey: string, library: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'Zotero-API-Key': apiKey, 'Zotero-API-Version': '3', accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('BAD_GATEWAY', `Zotero could not be reached (${reason}): try again later`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw zoteroError(response.status, response.headers, library);
  }
  // A Backoff header on a success asks for a pause before the next request (Zotero Web API v3 docs).
  const backoff = Number(response.headers.get('backoff'));
  if (Number.isFinite(backoff) && backoff > 0) throw zoteroError(429, response.headers, library);
  return response;
}

/**
 * The top-level items of the library (or collection) as CSL-JSON, page by page (`start`/`limit`, until
 * Total-Results), only those changed since `since` when given. More than `maxItems` is refused (413)
 * after the first page, before the rest is fetched.
 */
export async function fetchZoteroItems(
  baseUrl: string,
  source: ZoteroSource,
  since: number | null,
  maxItems: number,
): Promise<ZoteroItems> {
  const library = libraryPath(source);
  const items: unknown[] = [];
  let version = since ?? 0;
  let total = Number.POSITIVE_INFINITY;
  for (let start = 0; start < total; start += PAGE) {
    const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${library}/items/top`);
    url.searchParams.set('format', 'csljson');
    url.searchParams.set('itemType', '-attachment');
    url.searchParams.set('limit', String(PAGE));
    url.searchParams.set('start', String(start));
    if (since !== null) url.searchParams.set('since', String(since));
    const response = await getPage(url, source.apiKey, library);
    total = Number(response.headers.get('total-results') ?? 0);
    if (start === 0) version = Number(response.headers.get('last-modified-version') ?? version);
    if (total > maxItems) {
      await response.body?.cancel();
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The Zotero library has ${total} items to import, more than the limit of ${maxItems} (IMPORT_MAX_ENTRIES): import one collection at a time`,
        { limit: maxItems },
      );
    }
    const body = (await response.json().catch(() => null)) as { items?: unknown } | unknown[] | null;
    const page = Array.isArray(body) ? body : Array.isArray(body?.items) ? body.items : null;
    if (!page) throw new AppError('BAD_GATEWAY', 'Zotero answered something that is not CSL-JSON');
    items.push(...page);
    if (page.length === 0) break;
  }
  return { items, version: Number.isFinite(version) ? version : 0 };
}

/**
 * docs/import-export.md#zotero: the keys of the library's items deleted since `since` (Zotero Web API v3
 * `GET /{library}/deleted?since=`, always the whole library's, even when a collection is synced), as the
 * labels imported items carry: 'libraryId/ITEMKEY'.
 */
export async function fetchZoteroDeletions(baseUrl: string, source: ZoteroSource, since: number): Promise<string[]> {
  const library = libraryPath({ ...source, collectionKey: undefined });
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${library}/deleted`);
  url.searchParams.set('since', String(since));
  const response = await getPage(url, source.apiKey, library);
  const body = (await response.json().catch(() => null)) as { items?: unknown } | null;
  if (!body || !Array.isArray(body.items))
    throw new AppError('BAD_GATEWAY', 'Zotero answered something that is not a list of deletions');
  return body.items.filter((key): key is string => typeof key === 'string').map((key) => `${source.libraryId}/${key}`);
}
