import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

describe('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    t = await createTestApp('pglite', { seed: false, webDist });
  });
  afterAll(() => t.close());

  it.each(['/', '/search?q=graph', '/paper/1234.5678/arxiv', '/no/such/page'])(
    'answers the page %s with index.html, uncached',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

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
