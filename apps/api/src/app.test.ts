import { contract } from '@paperbench/contract';
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/test-app';

function routesOf(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((value) => (isAppRoute(value) ? [value] : routesOf(value)));
}

describe('the HTTP app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
  });
  afterAll(() => t.close());

  it('answers an unknown API route with 404 and the error shape', async () => {
    const response = await t.app.inject({ url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'No route GET /api/does-not-exist' });
  });

  it('answers a wrong method on a known path with 404, not 500', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/papers/count' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('NOT_FOUND');
  });

  it('refuses malformed JSON with 400 and no stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": "graph",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'INVALID_REQUEST', message: 'Malformed JSON body' });
    expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('refuses an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
  });

  it('refuses a body of an unsupported type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/',
      headers: { 'content-type': 'application/xml' },
      payload: '<query>graph</query>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('tags every response with a request id, reusing the caller’s', async () => {
    const response = await t.app.inject({ url: '/api/papers/count', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
    const fresh = await t.app.inject({ url: '/api/papers/count' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves an OpenAPI document with every contract route', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = routesOf(contract).map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(operations.sort()).toEqual(expected.sort());
    // docs/security.md#personal-access-tokens: X-User-ID or a bearer token, either one.
    expect(document.components.securitySchemes).toEqual({
      userId: { type: 'apiKey', in: 'header', name: 'X-User-ID' },
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'pbt_…' }),
    });
    expect(document.security).toEqual([{ userId: [] }, { bearerAuth: [] }]);
  });

  it('serves readable API docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });
});
