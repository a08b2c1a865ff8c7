import type { TTokenScope } from '@paperbench/contract';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders } from '../../db/schema';
import { buildFolder, buildPaper, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/security.md#personal-access-tokens: a token may call the route families of its scopes, and only those. */
describe.each(testDrivers())('token scopes over HTTP (%s)', (driver) => {
  let t: TestApp;
  let paperId: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    paperId = (await buildPaper(t.db)).paperId;
  });
  afterAll(() => t.close());

  const withToken = async (scopes: TTokenScope[]) => {
    const user = await buildUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { 'x-user-id': user.token },
      payload: { name: 'agent', scopes },
    });
    expect(response.statusCode).toBe(201);
    const secret = response.json().token as string;
    const call = (method: InjectOptions['method'], url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}` }, ...(payload ? { payload } : {}) });
    return { user, call };
  };
  const folderCount = async (userId: number) =>
    (await t.db.select({ n: count() }).from(folders).where(eq(folders.ownerId, userId)))[0]?.n ?? 0;
  const expectScopeRefused = (response: { statusCode: number; json(): { message: string } }, scope: TTokenScope) => {
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain(`This token lacks the \`${scope}\` scope`);
  };

  it('a read token searches and reads papers, folders and the feed', async () => {
    const { call } = await withToken(['read']);
    expect((await call('POST', '/api/search/', { query: 'neural networks' })).statusCode).toBe(200);
    expect((await call('GET', '/api/papers')).statusCode).toBe(200);
    expect((await call('GET', '/api/papers/count')).statusCode).toBe(200);
    expect((await call('GET', '/api/folders')).statusCode).toBe(200);
    expect((await call('GET', '/api/monitor')).statusCode).toBe(200);
    expect((await call('GET', '/api/profile')).statusCode).toBe(200);
    // The export works with a token too: no session of it is "this device".
    const exported = await call('GET', '/api/profile/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().data.tokens).toEqual([expect.objectContaining({ name: 'agent', scopes: ['read'] })]);
    expect(exported.body).not.toMatch(/"hash"/);
  });

  it('a read token cannot write (403 naming `write`) nor call a model (403 naming `ai`); nothing changes', async () => {
    const { user, call } = await withToken(['read']);
    expectScopeRefused(await call('POST', '/api/folders/', { name: 'No' }), 'write');
    expect(await folderCount(user.id)).toBe(0);
    const folder = await buildFolder(t.db, { ownerId: user.id, name: 'Mine' });
    expectScopeRefused(await call('DELETE', `/api/folders/${folder.id}`), 'write');
    expect(await folderCount(user.id)).toBe(1);
    expectScopeRefused(await call('POST', '/api/search-summary/', { query: 'x', papers: [] }), 'ai');
    expectScopeRefused(await call('POST', '/api/chat/stream_chat', { message: 'hi' }), 'ai');
    // A GET that may call a model is `ai`, not `read`.
    expectScopeRefused(await call('GET', `/api/folders/${folder.id}/summary`), 'ai');
  });

  it('a write token creates folders and places papers, but cannot read (403 naming `read`)', async () => {
    const { user, call } = await withToken(['write']);
    const created = await call('POST', '/api/folders/', { name: 'By the agent' });
    expect(created.statusCode).toBe(201);
    const placed = await call('POST', `/api/folders/${created.json().id}/files`, { paper_id: paperId });
    expect(placed.statusCode).toBeLessThan(300);
    expect(await folderCount(user.id)).toBe(1);
    expectScopeRefused(await call('GET', '/api/folders'), 'read');
    expectScopeRefused(await call('POST', '/api/search/', { query: 'neural' }), 'read');
  });

  it('an ai token passes the scope check of the AI routes', async () => {
    const { call } = await withToken(['ai']);
    const response = await call('POST', '/api/search-summary/', { query: 'graphs', papers: [] });
    expect([401, 403]).not.toContain(response.statusCode);
    expectScopeRefused(await call('GET', '/api/papers'), 'read');
  });

  it('pages (non-/api paths) take the token without a scope check; a bad token is still 401 there', async () => {
    const { call } = await withToken(['write']);
    const page = await call('GET', '/folders');
    expect([401, 403]).not.toContain(page.statusCode);
    const bad = await t.app.inject({ url: '/folders', headers: { authorization: `Bearer pbt_${'x'.repeat(43)}` } });
    expect(bad.statusCode).toBe(401);
  });
});
