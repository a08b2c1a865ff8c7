import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * docs/import-export.md#zotero, tested without Zotero: a local Zotero Web API v3 serving one library's
 * top-level items as CSL-JSON, paged by start/limit with Total-Results, filtered by `since` (each item
 * carries the library version it was last modified in), and the keys deleted since a version
 * (`/deleted?since=`), answering 403 to any other API key.
 */

export interface FakeZoteroItem {
  /** The library version the item was last changed in. */
  version: number;
  csl: Record<string, unknown>;
}

export interface FakeZotero {
  /** What ZOTERO_API_BASE_URL takes. */
  baseUrl: string;
  /** The library's items; tests add and change them (bumping `version`) between imports. */
  items: FakeZoteroItem[];
  /** The library's current version (Last-Modified-Version). */
  version: number;
  /** Items deleted from the library: their keys and the version each was deleted in (`GET …/deleted?since=`). */
  deleted: { key: string; version: number }[];
  /** Every request's path and query, for asserting on pagination and `since`. */
  requests: URL[];
  /** Answers every request with this status (and headers) instead, e.g. 429 with Backoff. */
  failWith: { status: number; headers?: Record<string, string> } | null;
  close(): Promise<void>;
}

export async function startFakeZotero({
  libraryPath = '/users/12345',
  apiKey = 'goodkey0123456789abcdefgh',
}: {
  libraryPath?: string;
  apiKey?: string;
} = {}): Promise<FakeZotero> {
  const fake: Omit<FakeZotero, 'baseUrl' | 'close'> = {
    items: [],
    version: 1,
    deleted: [],
    requests: [],
    failWith: null,
  };
  const server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    fake.requests.push(url);
    if (fake.failWith) {
      response.writeHead(fake.failWith.status, fake.failWith.headers ?? {});
      response.end('Failure');
      return;
    }
    if (request.headers['zotero-api-key'] !== apiKey) {
      response.writeHead(403, { 'content-type': 'text/plain' });
      response.end('Invalid key');
      return;
    }
    const since = Number(url.searchParams.get('since') ?? 0);
    if (url.pathname === `${libraryPath}/deleted`) {
      response.writeHead(200, { 'content-type': 'application/json', 'last-modified-version': String(fake.version) });
      const items = fake.deleted.filter((item) => item.version > since).map((item) => item.key);
      response.end(JSON.stringify({ collections: [], searches: [], items, tags: [], settings: [] }));
      return;
    }
    const match = url.pathname.match(/^(.*)\/items\/top$/);
    if (!match?.[1]?.startsWith(libraryPath)) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    const start = Number(url.searchParams.get('start') ?? 0);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), 100);
    const changed = fake.items.filter((item) => item.version > since);
    response.writeHead(200, {
      'content-type': 'application/json',
      'total-results': String(changed.length),
      'last-modified-version': String(fake.version),
    });
    response.end(JSON.stringify({ items: changed.slice(start, start + limit).map((item) => item.csl) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
