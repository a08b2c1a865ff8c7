import { MAX_TOKENS_PER_USER, type TTokenScope } from '@paperbench/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/execute-result';
import { apiTokens, folders } from '../../db/schema';
import { buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/security.md#personal-access-tokens: creating, listing and revoking tokens; a token as a credential. */
describe.each(testDrivers())('personal access tokens (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const asUser = (id: string) => ({ 'x-user-id': id });
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const call = (headers: Record<string, string>, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = (userToken: string, body: object) => call(asUser(userToken), 'POST', '/api/tokens', body);
  const newToken = async (userToken: string, scopes: TTokenScope[], extra: object = {}) => {
    const response = await create(userToken, { name: `t-${scopes.join('-')}`, scopes, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; token: string; prefix: string };
  };
  const folderCount = async (userId: number) =>
    (await t.db.select({ n: count() }).from(folders).where(eq(folders.ownerId, userId)))[0]?.n ?? 0;
  const tokenCount = async (userId: number) =>
    (await t.db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)))[0]?.n ?? 0;

  it('creates a token (its secret this once), lists it newest first without the secret, revokes it', async () => {
    const user = await buildUser(t.db);
    const first = await newToken(user.token, ['read']);
    const response = await create(user.token, { name: '  My agent  ', scopes: ['read', 'ai'] });
    expect(response.statusCode).toBe(201);
    const second = response.json();
    expect(second).toEqual({
      id: expect.any(Number),
      name: 'My agent',
      scopes: ['read', 'ai'],
      prefix: second.token.slice(0, 12),
      created_at: expect.any(String),
      last_used_at: null,
      expires_at: null,
      token: expect.stringMatching(/^pbt_[A-Za-z0-9_-]{43}$/),
    });
    const list = await call(asUser(user.token), 'GET', '/api/tokens');
    expect(list.statusCode).toBe(200);
    expect(list.json().tokens.map((token: { id: number }) => token.id)).toEqual([second.id, first.id]);
    expect(list.body).not.toContain(second.token);
    expect(list.body).not.toContain(first.token);
    expect(list.json().tokens[0]).not.toHaveProperty('token');

    expect((await call(bearer(second.token), 'GET', '/api/folders')).statusCode).toBe(200);
    const revoked = await call(asUser(user.token), 'DELETE', `/api/tokens/${second.id}`);
    expect(revoked.statusCode).toBe(204);
    const after = await call(bearer(second.token), 'GET', '/api/folders');
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toBe('Bearer');
    expect(after.json().message).toMatch(/Unknown, expired or revoked token/);
    expect((await call(asUser(user.token), 'GET', '/api/tokens')).json().tokens).toHaveLength(1);
  });

  it('stores only a hash: no column of the row holds the secret or its random part', async () => {
    const user = await buildUser(t.db);
    const { id, token } = await newToken(user.token, ['read', 'write']);
    const rows = rowsOf<Record<string, unknown>>(await t.db.execute(sql`select * from api_tokens where id = ${id}`));
    expect(rows).toHaveLength(1);
    const body = token.slice('pbt_'.length);
    for (const value of Object.values(rows[0] as Record<string, unknown>)) {
      const text = JSON.stringify(value instanceof Date ? value.toISOString() : value) ?? '';
      expect(text).not.toContain(token);
      expect(text).not.toContain(body);
    }
    expect(rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a token acts as its user: what it creates is the user’s, and last_used_at is set', async () => {
    const user = await buildUser(t.db);
    const { id, token } = await newToken(user.token, ['read', 'write']);
    const created = await call(bearer(token), 'POST', '/api/folders/', { name: 'From a script' });
    expect(created.statusCode).toBe(201);
    const mine = await call(asUser(user.token), 'GET', '/api/folders');
    expect(mine.body).toContain('From a script');
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    const listed = (await call(asUser(user.token), 'GET', '/api/tokens')).json().tokens[0];
    expect(listed.last_used_at).toBe(row?.lastUsedAt?.toISOString());
  });

  it('writes last_used_at at most once a minute per token', async () => {
    const user = await buildUser(t.db);
    const { id, token } = await newToken(user.token, ['read']);
    const lastUsed = async () => (await t.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    expect((await call(bearer(token), 'GET', '/api/folders')).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    // A stamp from this minute is left alone: a second call writes nothing.
    const recent = new Date(Date.now() - 30_000);
    await t.db.update(apiTokens).set({ lastUsedAt: recent }).where(eq(apiTokens.id, id));
    expect((await call(bearer(token), 'GET', '/api/folders')).statusCode).toBe(200);
    expect((await lastUsed())?.toISOString()).toBe(recent.toISOString());
    // One older than a minute is refreshed.
    const stale = new Date(Date.now() - 120_000);
    await t.db.update(apiTokens).set({ lastUsedAt: stale }).where(eq(apiTokens.id, id));
    expect((await call(bearer(token), 'GET', '/api/folders')).statusCode).toBe(200);
    expect((await lastUsed())?.getTime()).toBeGreaterThan(stale.getTime() + 60_000);
  });

  it('lets its owner delete an expired token too (it is no longer listed)', async () => {
    const user = await buildUser(t.db);
    const { id } = await newToken(user.token, ['read']);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id));
    expect((await call(asUser(user.token), 'DELETE', `/api/tokens/${id}`)).statusCode).toBe(204);
    expect(await tokenCount(user.id)).toBe(0);
    expect((await call(asUser(user.token), 'DELETE', `/api/tokens/${id}`)).statusCode).toBe(404);
  });

  it('refuses both credentials at once with 400, and changes nothing', async () => {
    const user = await buildUser(t.db);
    const { token } = await newToken(user.token, ['read', 'write']);
    const response = await call({ ...asUser(user.token), ...bearer(token) }, 'POST', '/api/folders/', { name: 'No' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Ambiguous credentials/);
    expect(await folderCount(user.id)).toBe(0);
  });

  it.each([
    ['an unknown token', () => `pbt_${'A'.repeat(43)}`],
    ['a malformed token', () => 'pbt_short'],
    ['a token with a NUL', () => `pbt_${'A'.repeat(21)}\u0000${'A'.repeat(21)}`],
  ])('refuses %s with 401 and changes nothing', async (_label, secret) => {
    const user = await buildUser(t.db);
    await newToken(user.token, ['write']);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/folders/',
      headers: { authorization: `Bearer ${secret()}` },
      payload: { name: 'No' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(await folderCount(user.id)).toBe(0);
  });

  it('refuses a bare token and an empty Bearer with 401', async () => {
    const user = await buildUser(t.db);
    const { token } = await newToken(user.token, ['read']);
    for (const authorization of [token, 'Bearer', 'Bearer ']) {
      const response = await t.app.inject({ url: '/api/folders', headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('leaves another scheme to the proxy that sent it: the session still works, the token is not taken', async () => {
    const user = await buildUser(t.db);
    const { token } = await newToken(user.token, ['read']);
    const asSession = await t.app.inject({
      url: '/api/folders',
      headers: { authorization: 'Basic bGFiOnNlY3JldA==', 'x-user-id': user.token },
    });
    expect(asSession.statusCode).toBe(200);
    const basicToken = await t.app.inject({ url: '/api/folders', headers: { authorization: `Basic ${token}` } });
    expect(basicToken.statusCode).toBe(401);
    expect(basicToken.json().message).toContain('X-User-ID header required');
  });

  it('refuses an expired token with 401 and changes nothing', async () => {
    const user = await buildUser(t.db);
    const { id, token } = await newToken(user.token, ['write'], {
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id));
    const response = await call(bearer(token), 'POST', '/api/folders/', { name: 'No' });
    expect(response.statusCode).toBe(401);
    expect(await folderCount(user.id)).toBe(0);
    // An expired token is no longer listed, nor counted against the quota.
    expect((await call(asUser(user.token), 'GET', '/api/tokens')).json().tokens).toEqual([]);
  });

  it('a token cannot create, list or revoke tokens, delete the account or log out (403); nothing changes', async () => {
    const user = await buildUser(t.db);
    const { id, token } = await newToken(user.token, ['read', 'write', 'ai']);
    const attempts: [InjectOptions['method'], string, unknown][] = [
      ['POST', '/api/tokens', { name: 'Child', scopes: ['read'] }],
      ['GET', '/api/tokens', undefined],
      ['DELETE', `/api/tokens/${id}`, undefined],
      ['DELETE', '/api/profile', { confirm: 'delete my account' }],
      ['POST', '/api/auth/logout', undefined],
      ['POST', '/api/user/get_id', undefined],
      ['POST', '/api/auth/google-login', { credential: 'x' }],
      ['POST', '/api/auth/oidc/start', {}],
      ['POST', '/api/auth/oidc/complete', { code: 'x' }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(bearer(token), method, url, payload);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
      expect(response.json().message).toMatch(/cannot manage tokens or the account/);
    }
    expect(await tokenCount(user.id)).toBe(1);
    expect((await call(asUser(user.token), 'GET', '/api/profile')).statusCode).toBe(200);
    expect((await call(bearer(token), 'GET', '/api/folders')).statusCode).toBe(200);
  });

  it('refuses an expiry in the past and a NUL in the name with 400; nothing stored', async () => {
    const user = await buildUser(t.db);
    const bad = [
      { name: 'Old', scopes: ['read'], expires_at: new Date(Date.now() - 60_000).toISOString() },
      { name: 'Nul\u0000', scopes: ['read'] },
      { name: 'No scope', scopes: [] },
      { name: 'Twice', scopes: ['read', 'read'] },
      { name: 'Root', scopes: ['admin'] },
      { name: '   ', scopes: ['read'] },
    ];
    for (const body of bad) {
      const response = await create(user.token, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('INVALID_REQUEST');
    }
    expect(await tokenCount(user.id)).toBe(0);
  });

  it(`refuses a live token past the quota of ${MAX_TOKENS_PER_USER} with 409`, async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < MAX_TOKENS_PER_USER; i++) await newToken(user.token, ['read']);
    const response = await create(user.token, { name: 'One too many', scopes: ['read'] });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/20 tokens, the most allowed/);
    expect(await tokenCount(user.id)).toBe(MAX_TOKENS_PER_USER);
  });

  it("answers 404 for another user's token id, which keeps working", async () => {
    const owner = await buildUser(t.db);
    const stranger = await buildUser(t.db);
    const { id, token } = await newToken(owner.token, ['read']);
    const response = await call(asUser(stranger.token), 'DELETE', `/api/tokens/${id}`);
    expect(response.statusCode).toBe(404);
    expect((await call(bearer(token), 'GET', '/api/folders')).statusCode).toBe(200);
    expect((await call(asUser(stranger.token), 'GET', '/api/tokens')).json().tokens).toEqual([]);
  });
});
