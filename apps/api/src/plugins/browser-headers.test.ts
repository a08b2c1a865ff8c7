import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, pgliteOnly, type TestApp } from '../test-support/test-app';
import { buildContentSecurityPolicy, serializeCsp } from './security-headers';

/** docs/security.md#browser-headers: what every response carries. */
function expectBrowserHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("worker-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers (docs/security.md#browser-headers)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp('pglite', { seed: false, webDist });
  });
  afterAll(() => t.close());

  it.each(['/', '/search', '/nonexistent', '/api/papers/count', '/api/nothing-here'])(
    '%s carries the CSP, nosniff, Referrer-Policy and no framing',
    async (url) => {
      expectBrowserHeaders((await t.app.inject({ url })).headers);
    },
  );

  it('serves the API docs (Swagger UI) under the same policy', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expectBrowserHeaders(page.headers);
    // Swagger UI's page loads only its own scripts: nothing inline the policy would block.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('builds the policy from CSP_TRUSTED_ORIGINS, so a later third party is one setting', () => {
    const config = loadConfig({
      CSP_TRUSTED_ORIGINS: 'https://accounts.example.com/gsi/client, https://cdn.example.org',
    });
    expect(config.CSP_TRUSTED_ORIGINS).toEqual(['https://accounts.example.com', 'https://cdn.example.org']);
    const csp = serializeCsp(buildContentSecurityPolicy(config.CSP_TRUSTED_ORIGINS));
    expect(csp).toContain("script-src 'self' https://accounts.example.com https://cdn.example.org");
    expect(csp).toContain('frame-src https://accounts.example.com https://cdn.example.org');
    expect(csp).toContain("connect-src 'self' https://accounts.example.com");
    expect(serializeCsp(buildContentSecurityPolicy([]))).toContain("frame-src 'none'");
  });

  it.each(['javascript:alert(1)', 'not a url', "https://ok.example 'unsafe-inline'"])(
    'refuses CSP_TRUSTED_ORIGINS=%s at start',
    (value) => {
      expect(() => loadConfig({ CSP_TRUSTED_ORIGINS: value })).toThrow(/CSP_TRUSTED_ORIGINS/);
    },
  );
});

describe.each(pgliteOnly())('API compression (docs/security.md#browser-headers, %s)', (driver) => {
  let t: TestApp;
  const search = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search/',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      payload: { query: 'model', limit: 20, sort: 'relevance' },
    });
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('compresses a search response as %s', async (encoding, decode) => {
    const plain = await search();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const response = await search(encoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small JSON answer alone (below the threshold)', async () => {
    const response = await t.app.inject({ url: '/api/papers/count', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate compressed request bodies (no zip bombs through Content-Encoding)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
