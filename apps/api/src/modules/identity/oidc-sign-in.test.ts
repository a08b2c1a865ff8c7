import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, oidcSignIns, userSessions, users } from '../../db/schema';
import { buildNamedUser, buildUser, findUserIdByToken } from '../../test-support/factories';
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

  const error = (answer: URLSearchParams) => answer.get('oidc_error') ?? '';
  /** A callback refused: its message, the sign-in row gone, no user or session changed. */
  const expectRefused = async (
    id: string,
    message: RegExp,
    change?: Parameters<FakeOidcProvider['tamperNextIdToken']>[0],
  ) => {
    const redirect = await authorize(id);
    const before = await snapshot();
    if (change) idp.tamperNextIdToken(change);
    const { location, answer } = await callback(redirect);
    expect(location.pathname).toBe('/library');
    expect(answer.has('oidc_code')).toBe(false);
    expect(error(answer)).toMatch(message);
    expect(await snapshot()).toEqual(before);
    expect(await pendingOf(id)).toEqual([]);
    // The session that tried is untouched: it still works and may sign in again.
    expect((await t.app.inject({ url: '/api/folders', headers: as(id) })).statusCode).toBe(200);
  };
  const pendingOf = async (id: string) => {
    const sessionId = (
      await t.db
        .select({ id: userSessions.id })
        .from(userSessions)
        .where(eq(userSessions.userId, (await findUserIdByToken(t.db, id)) as number))
    )[0]?.id as number;
    return t.db.select().from(oidcSignIns).where(eq(oidcSignIns.sessionId, sessionId));
  };

  it('an anonymous device signing in to an existing account merges its folder into it', async () => {
    const sub = newSub();
    idp.nextAccount = { sub, email: `${sub}@example.org`, email_verified: true, name: 'Ada' };
    const first = await signIn(await issueUserId(t.app));
    expect(first.statusCode).toBe(200);
    const account = await findUserIdByToken(t.db, first.json().user_id);
    const device = await issueUserId(t.app);
    const deviceUser = await findUserIdByToken(t.db, device);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/folders/',
      headers: as(device),
      payload: { name: 'From the laptop' },
    });
    expect(made.statusCode).toBe(201);
    const second = await signIn(device);
    expect(second.statusCode).toBe(200);
    expect(await findUserIdByToken(t.db, second.json().user_id)).toBe(account);
    const [folder] = await t.db.select().from(folders).where(eq(folders.id, made.json().id));
    expect(folder?.ownerId).toBe(account);
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.id, deviceUser as number)),
    ).toEqual([]);
    // Both devices stay signed in to the one account.
    expect((await t.app.inject({ url: '/api/folders', headers: as(first.json().user_id) })).statusCode).toBe(200);
  });

  it('an email another account uses is 409, and nothing changes', async () => {
    const taken = await buildNamedUser(t.db, { email: `taken-${newSub()}@example.org`, name: 'Other' });
    const sub = newSub();
    idp.nextAccount = { sub, email: taken.email, email_verified: true };
    const anon = await issueUserId(t.app);
    const { answer } = await callback(await authorize(anon));
    const before = await snapshot();
    const refused = await complete(anon, answer.get('oidc_code') as string);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Another account on this server already uses ${taken.email}; sign in with that Test IdP account instead`,
    );
    expect(await snapshot()).toEqual(before);
    expect((await t.app.inject({ url: '/api/folders', headers: as(anon) })).statusCode).toBe(200);
  });

  it('a wrong state is refused at the callback and changes nothing', async () => {
    const anon = await issueUserId(t.app);
    idp.nextAccount = { sub: newSub(), email: `${newSub()}@example.org`, email_verified: true };
    const redirect = await authorize(anon);
    const before = await snapshot();
    redirect.searchParams.set('state', 'not-the-state');
    const { location, answer } = await callback(redirect);
    expect(location.href).toBe(`${PUBLIC_URL}/#${location.hash.slice(1)}`);
    expect(error(answer)).toBe('Sign-in refused: the state is unknown, expired or already used; sign in again');
    expect(await snapshot()).toEqual(before);
    // The real sign-in is still pending (a forged callback cannot cancel it), and has no identity.
    expect(await pendingOf(anon)).toEqual([expect.objectContaining({ handoffHash: null, providerSubject: null })]);
  });

  it('a replayed callback (the same code and state) is refused and changes nothing', async () => {
    const anon = await issueUserId(t.app);
    idp.nextAccount = { sub: newSub(), email: `${newSub()}@example.org`, email_verified: true };
    const redirect = await authorize(anon);
    const { answer } = await callback(redirect);
    expect(answer.get('oidc_code')).toBeTruthy();
    const before = { ...(await snapshot()), pending: await pendingOf(anon) };
    const replay = await callback(redirect);
    expect(error(replay.answer)).toBe('Sign-in refused: the state is unknown, expired or already used; sign in again');
    expect({ ...(await snapshot()), pending: await pendingOf(anon) }).toEqual(before);
    // The first answer is still good, once.
    expect((await complete(anon, answer.get('oidc_code') as string)).statusCode).toBe(200);
  });

  it('an ID token with another nonce is refused', async () => {
    idp.nextAccount = { sub: newSub(), email: `${newSub()}@example.org`, email_verified: true };
    await expectRefused(
      await issueUserId(t.app),
      /^Sign-in refused: the ID token's nonce does not match this sign-in$/,
      (claims) => ({
        ...claims,
        nonce: 'another-nonce',
      }),
    );
  });

  it('an expired ID token is refused', async () => {
    idp.nextAccount = { sub: newSub(), email: `${newSub()}@example.org`, email_verified: true };
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expectRefused(
      await issueUserId(t.app),
      /^Sign-in refused: the ID token has expired; sign in again$/,
      (claims) => ({
        ...claims,
        iat: past - 600,
        exp: past,
      }),
    );
  });

  it('an ID token for another client is refused', async () => {
    idp.nextAccount = { sub: newSub(), email: `${newSub()}@example.org`, email_verified: true };
    await expectRefused(await issueUserId(t.app), /audience/, (claims) => ({ ...claims, aud: 'someone-else' }));
  });

  it('an unverified email is refused, and so is no email at all', async () => {
    idp.nextAccount = { sub: newSub(), email: `${newSub()}@example.org`, email_verified: false };
    await expectRefused(await issueUserId(t.app), /^Sign-in refused: Test IdP has not verified this account's email$/);
    idp.nextAccount = { sub: newSub() };
    await expectRefused(await issueUserId(t.app), /^Sign-in refused: Test IdP sent no email address/);
  });

  it('a person cancelling at the provider comes back with its error', async () => {
    const anon = await issueUserId(t.app);
    const redirect = await authorize(anon);
    const denied = new URL(redirect);
    // RFC 9207: the provider names itself in its answer (a forged answer without `iss` is refused).
    denied.search = new URLSearchParams({
      iss: idp.issuer,
      error: 'access_denied',
      error_description: 'cancelled',
      state: redirect.searchParams.get('state') as string,
    }).toString();
    const before = await snapshot();
    const { answer } = await callback(denied);
    expect(error(answer)).toBe('Sign-in refused: the provider answered "access_denied": cancelled');
    expect(await snapshot()).toEqual(before);
  });

  it('the hand-off code works only for the session that started the sign-in', async () => {
    const anon = await issueUserId(t.app);
    idp.nextAccount = { sub: newSub(), email: `${newSub()}@example.org`, email_verified: true };
    const { answer } = await callback(await authorize(anon));
    const code = answer.get('oidc_code') as string;
    const thief = await issueUserId(t.app);
    const before = await snapshot();
    const stolen = await complete(thief, code);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().message).toBe(
      'Sign-in refused: this sign-in code is unknown, used, expired or was issued to another session; sign in again',
    );
    expect((await complete(anon, 'x'.repeat(43))).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect((await complete(anon, code)).statusCode).toBe(200);
  });

  it('start needs the session: no X-User-ID is 401, a personal access token 403; return_to stays on this site', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/oidc/start', payload: {} })).statusCode).toBe(401);
    const user = await buildUser(t.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: as(user.token),
      payload: { name: 'agent', scopes: ['read', 'write'] },
    });
    const bearer = { authorization: `Bearer ${created.json().token}` };
    for (const [method, url] of [
      ['POST', '/api/auth/oidc/start'],
      ['POST', '/api/auth/oidc/complete'],
      ['GET', '/api/auth/oidc/login?state=x'],
      ['GET', '/api/auth/oidc/callback?state=x&code=y'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer,
        payload: method === 'POST' ? { code: 'x' } : undefined,
      });
      expect(response.statusCode, url).toBe(403);
    }
    for (const returnTo of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'library', '/a b']) {
      const refused = await start(user.token, returnTo);
      expect(refused.statusCode, returnTo).toBe(400);
      expect(refused.json().message).toContain('must be a path of this site');
    }
    expect(await pendingOf(user.token)).toEqual([]);
    const unknown = await t.app.inject({ url: '/api/auth/oidc/login?state=unknown' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'This sign-in link is unknown, expired or already used: click the sign-in button again',
    );
  });
});

describe.each(testDrivers())('OpenID Connect sign-in, each case with its own app and provider (%s)', (driver) => {
  it('discovery out of reach is 502 at start, and nothing is stored', async () => {
    const t = await createTestApp(driver, {
      seed: false,
      env: { OIDC_ISSUER_URL: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'c', PUBLIC_URL },
    });
    try {
      const id = await issueUserId(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/oidc/start',
        headers: { 'x-user-id': id },
        payload: {},
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(
        'The sign-in provider could not be reached (discovery at http://127.0.0.1:9); try again later',
      );
      expect(await t.db.select().from(oidcSignIns)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a token endpoint out of reach sends the browser back with the reason, and changes nothing', async () => {
    const idp = await startFakeOidcProvider(PUBLIC_URL);
    const t = await createTestApp(driver, { seed: false, env: idp.env });
    try {
      const id = await issueUserId(t.app);
      idp.nextAccount = { sub: 'down-1', email: 'down@example.org', email_verified: true };
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/auth/oidc/start',
        headers: { 'x-user-id': id },
        payload: {},
      });
      const login = await t.app.inject({ url: started.json().login_url });
      const redirect = await idp.authorize(login.headers.location as string);
      await idp.close();
      const before = await t.db.select().from(userSessions);
      const response = await t.app.inject({ url: `${redirect.pathname}${redirect.search}` });
      expect(response.statusCode).toBe(302);
      const answer = new URLSearchParams(new URL(response.headers.location as string).hash.slice(1));
      expect(answer.get('oidc_error')).toBe(
        'The sign-in provider could not be reached (token endpoint); try again later',
      );
      expect(await t.db.select().from(userSessions)).toEqual(before);
      expect(await t.db.select().from(oidcSignIns)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a public client (no secret) signs in with PKCE alone', async () => {
    const idp = await startFakeOidcProvider(PUBLIC_URL, { publicClient: true });
    const t = await createTestApp(driver, { seed: false, env: idp.env });
    try {
      const id = await issueUserId(t.app);
      idp.nextAccount = { sub: 'public-1', email: 'public@example.org', email_verified: true };
      const headers = { 'x-user-id': id };
      const started = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/start', headers, payload: {} });
      const login = await t.app.inject({ url: started.json().login_url });
      const redirect = await idp.authorize(login.headers.location as string);
      const back = await t.app.inject({ url: `${redirect.pathname}${redirect.search}` });
      const code = new URLSearchParams(new URL(back.headers.location as string).hash.slice(1)).get('oidc_code');
      const done = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/complete', headers, payload: { code } });
      expect(done.statusCode).toBe(200);
      expect(done.json().email).toBe('public@example.org');
    } finally {
      await t.close();
      await idp.close();
    }
  });

  it('without a provider the config says so and the routes answer 501', async () => {
    const t = await createTestApp(driver, { seed: false });
    try {
      expect((await t.app.inject({ url: '/api/auth/config' })).json().oidc).toBeNull();
      const id = await issueUserId(t.app);
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/auth/oidc/start',
        headers: { 'x-user-id': id },
        payload: {},
      });
      expect(start.statusCode).toBe(501);
      expect(start.json().message).toBe(
        'OpenID Connect sign-in is not configured on this server: set OIDC_ISSUER_URL and OIDC_CLIENT_ID',
      );
      expect((await t.app.inject({ url: '/api/auth/oidc/callback?state=a&code=b' })).statusCode).toBe(501);
      expect((await t.app.inject({ url: '/api/auth/oidc/login?state=a' })).statusCode).toBe(501);
    } finally {
      await t.close();
    }
  });
});
