import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

const INDEX_HTML = '<!doctype html><div id="root"></div>';
const BIG_JS = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `"row ${i % 10}"`).join(',')}];`;

describe('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    // What the build's compression step writes beside each asset (docs/security.md#browser-headers).
    writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
    writeFileSync(path.join(webDist, 'index.html.gz'), gzipSync(INDEX_HTML));
    writeFileSync(path.join(webDist, 'assets', 'big-abc123.js'), BIG_JS);
    writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_JS));
    t = await createTestApp('pglite', { seed: false, webDist });
  });
  afterAll(() => t.close());

  it.each(['/', '/search?q=graph', '/paper/1234.5678/arxiv', '/paper/math%2F0601001', '/rwf/12', '/share/abc'])(
    'answers the page %s with index.html, uncached',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  // docs/security.md#browser-headers: the route table's patterns (shared through the contract) decide what is a page.
  it.each(['/nonexistent', '/no/such/page', '/rwf/12ab', '/search/more?q=x'])(
    'answers %s with 404 and the app page, which renders its 404 screen',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('serves a hashed asset precompressed as %s, cached for a year', async (encoding, decode) => {
    const response = await t.app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(BIG_JS.length / 10);
    expect(decode(response.rawPayload).toString()).toBe(BIG_JS);
  });

  it('prefers brotli when both are accepted, and serves the page itself compressed, uncached', async () => {
    const response = await t.app.inject({ url: '/search', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('serves the plain file to a client that accepts no encoding', async () => {
    const response = await t.app.inject({ url: '/assets/big-abc123.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(BIG_JS);
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves an asset built after the server started', async () => {
    writeFileSync(path.join(webDist, 'assets', 'later-def456.js'), 'console.log(2)');
    const response = await t.app.inject({ url: '/assets/later-def456.js' });
    expect(response.statusCode).toBe(200);
  });

  it('answers a missing asset with 404, not the app page', async () => {
    const response = await t.app.inject({ url: '/assets/gone-000000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('NOT_FOUND');
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'No route GET /api/nothing-here' });
  });

  it('still routes the API ahead of the static files', async () => {
    const response = await t.app.inject({ url: '/api/papers/count' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(0);
  });
});
