import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, oidcSignIns, userSessions, users } from '../../db/schema';
import { findUserIdByToken } from '../../test-support/factories';
import { type FakeOidcProvider, startFakeOidcProvider } from '../../test-support/fake-oidc-provider';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';

/** docs/security.md#openid-connect: the whole flow against a real provider (oidc-provider) on 127.0.0.1. */
const PUBLIC_URL = 'https://paperbench.test';
let subjects = 0;

describe.each(testDrivers())('OpenID Connect sign-in (%s)', (driver) => {
  let t: TestApp;
  let idp: FakeOidcProvider;
  beforeAll(async () => {
    idp = await startFakeOidcProvider(PUBLIC_URL);
    t = await createTestApp(driver, { seed: false, env: idp.env });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const as = (id: string) => ({ 'x-user-id': id });
  const newSub = () => `sub-${Date.now()}-${++subjects}`;
  const start = (id: string, returnTo?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/start',
      headers: as(id),
      payload: returnTo === undefined ? {} : { return_to: returnTo },
    });
  /** start → login (302 to the provider) → the provider's interactions → the callback URL it returns to. */
  const authorize = async (id: string, returnTo = '/library') => {
    const started = await start(id, returnTo);
    expect(started.statusCode).toBe(200);
    const login = await t.app.inject({ url: started.json().login_url });
    expect(login.statusCode).toBe(302);
    return idp.authorize(login.headers.location as string);
  };
  const callback = async (url: URL) => {
    const response = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    return { location, answer: new URLSearchParams(location.hash.slice(1)) };
  };
  const complete = (id: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/oidc/complete', headers: as(id), payload: { code } });
  /** The whole flow for the account `idp.nextAccount`, as `id`; the completion's response. */
  const signIn = async (id: string) => {
    const { answer } = await callback(await authorize(id));
    return complete(id, answer.get('oidc_code') as string);
  };
  const snapshot = async () => ({
    users: await t.db.select().from(users).orderBy(users.id),
    sessions: await t.db.select().from(userSessions).orderBy(userSessions.id),
  });

  it('GET /api/auth/config names the provider', async () => {
    const response = await t.app.inject({ url: '/api/auth/config' });
    expect(response.json().oidc).toEqual({ name: 'Test IdP', start_url: '/api/auth/oidc/start' });
  });

  it('a first sign-in names the anonymous user and returns to the page it came from', async () => {
    const anon = await issueUserId(t.app);
    const userId = await findUserIdByToken(t.db, anon);
    const sub = newSub();
    idp.nextAccount = { sub, email: `Grace.${sub}@Example.org`, email_verified: true, name: 'Grace Hopper' };
    const { location, answer } = await callback(await authorize(anon, '/library?tab=2'));
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${PUBLIC_URL}/library?tab=2`);
    const code = answer.get('oidc_code') as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const done = await complete(anon, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      email: `grace.${sub}@example.org`,
      name: 'Grace Hopper',
      picture: null,
      user_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, userId as number));
    expect(row).toMatchObject({ providerSubject: `oidc:${idp.issuer}#${sub}`, email: `grace.${sub}@example.org` });
    expect(await findUserIdByToken(t.db, done.json().user_id)).toBe(userId);
    expect((await t.app.inject({ url: '/api/folders', headers: as(anon) })).statusCode).toBe(401);
    // The code is single-use; the sign-in's row is gone.
    expect((await complete(done.json().user_id, code)).statusCode).toBe(401);
    expect(await t.db.select().from(oidcSignIns).where(eq(oidcSignIns.sessionId, -1))).toEqual([]);
  });
});
