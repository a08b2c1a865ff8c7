import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usedIdTokens, userSessions, users } from '../../db/schema';
import { hashUserToken } from '../../lib/user-token';
import { findUserIdByToken } from '../../test-support/factories';
import {
  createSignInTestApp,
  FAKE_GOOGLE_CLIENT_ID,
  type FakeGoogle,
  type SignInTestApp,
  startFakeGoogle,
} from '../../test-support/fake-google';
import { createTestApp, issueUserId, pgliteOnly, type TestApp } from '../../test-support/test-app';
import { purgeExpiredRows } from '../retention/retention.service';

/** README: Google sign-in; docs/security.md#sessions (sign-in, token verification). */
describe.each(pgliteOnly())('POST /api/auth/google-login (%s)', (driver) => {
  let t: SignInTestApp;
  beforeAll(async () => {
    t = await createSignInTestApp(driver);
  });
  afterAll(() => t.close());

  const works = async (id: string) =>
    (await t.app.inject({ url: '/api/folders', headers: { 'x-user-id': id } })).statusCode;
  const userOf = async (id: string) => {
    const userId = await findUserIdByToken(t.db, id);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, userId as number));
    return row;
  };
  const sessionOf = async (id: string) =>
    (
      await t.db
        .select()
        .from(userSessions)
        .where(eq(userSessions.tokenHash, hashUserToken(id)))
    )[0];

  it('GET /api/auth/config names the client id and the GIS script', async () => {
    const response = await t.app.inject({ url: '/api/auth/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      google_client_id: FAKE_GOOGLE_CLIENT_ID,
      gsi_script_url: 'https://accounts.google.com/gsi/client',
      oidc: null,
    });
  });

  it('a first sign-in names the anonymous user, revokes its id and answers a fresh one', async () => {
    const anon = await issueUserId(t.app);
    const before = await userOf(anon);
    const sub = t.newSubject();
    const response = await t.postCredential(
      anon,
      await t.idToken({ sub, email: `Ada.${sub}@Example.COM`, picture: 'https://lh3.example/p.png' }),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      email: `ada.${sub}@example.com`,
      name: 'Ada Lovelace',
      picture: 'https://lh3.example/p.png',
      user_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    expect(body.user_id).not.toBe(anon);
    const named = await userOf(body.user_id);
    expect(named).toMatchObject({
      id: before?.id,
      providerSubject: `google:${sub}`,
      email: `ada.${sub}@example.com`,
      name: 'Ada Lovelace',
      signedInAt: expect.any(Date),
    });
    // Rotation: the anonymous id is revoked (401 like any ended id); the fresh one works.
    expect((await sessionOf(anon))?.revokedAt).toBeInstanceOf(Date);
    const old = await t.app.inject({ url: '/api/folders', headers: { 'x-user-id': anon } });
    expect(old.statusCode).toBe(401);
    expect(await works(body.user_id)).toBe(200);
    // The fresh id is stored only as its hash.
    expect(await sessionOf(body.user_id)).toMatchObject({ userId: before?.id, revokedAt: null });
  });

  it('accepts the issuer without https:// (Google uses both) and refreshes email, name and picture on every sign-in', async () => {
    const sub = t.newSubject();
    const first = (
      await t.postCredential(await issueUserId(t.app), await t.idToken({ sub, iss: 'accounts.google.com' }))
    ).json();
    expect(first.email).toBe(`${sub}@example.com`);
    const again = await t.postCredential(
      first.user_id,
      await t.idToken({ sub, email: `new.${sub}@example.com`, name: 'Ada King', picture: 'https://lh3.example/q.png' }),
    );
    expect(again.statusCode).toBe(200);
    const row = await userOf(again.json().user_id);
    expect(row).toMatchObject({
      email: `new.${sub}@example.com`,
      name: 'Ada King',
      picture: 'https://lh3.example/q.png',
    });
    // (d) Same account again: only rotated; the previous id ends.
    expect(await works(first.user_id)).toBe(401);
    expect(await works(again.json().user_id)).toBe(200);
  });

  it("a second device of the account keeps the first device's session working", async () => {
    const sub = t.newSubject();
    const first = (await t.postCredential(await issueUserId(t.app), await t.idToken({ sub }))).json();
    const second = (await t.postCredential(await issueUserId(t.app), await t.idToken({ sub }))).json();
    expect(second.user_id).not.toBe(first.user_id);
    expect(await works(first.user_id)).toBe(200);
    expect(await works(second.user_id)).toBe(200);
    expect(await findUserIdByToken(t.db, first.user_id)).toBe(await findUserIdByToken(t.db, second.user_id));
  });

  it('a device signed in to one account signing in to another does not merge them (c)', async () => {
    const a = t.newSubject();
    const b = t.newSubject();
    const asA = (await t.postCredential(await issueUserId(t.app), await t.idToken({ sub: a }))).json();
    const userA = await findUserIdByToken(t.db, asA.user_id);
    await t.app.inject({
      method: 'POST',
      url: '/api/folders/',
      headers: { 'x-user-id': asA.user_id },
      payload: { name: 'A only' },
    });
    const asB = await t.postCredential(asA.user_id, await t.idToken({ sub: b }));
    expect(asB.statusCode).toBe(200);
    const userB = await findUserIdByToken(t.db, asB.json().user_id);
    expect(userB).not.toBe(userA);
    expect((await userOf(asB.json().user_id))?.providerSubject).toBe(`google:${b}`);
    // A keeps its user and folder; B starts empty; the device's A session ended.
    const [rowA] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, userA as number));
    expect(rowA?.providerSubject).toBe(`google:${a}`);
    const foldersB = await t.app.inject({ url: '/api/folders', headers: { 'x-user-id': asB.json().user_id } });
    expect(JSON.stringify(foldersB.json())).not.toContain('A only');
    expect(await works(asA.user_id)).toBe(401);
  });

  it('logout revokes the id sign-in issued', async () => {
    const signedIn = (
      await t.postCredential(await issueUserId(t.app), await t.idToken({ sub: t.newSubject() }))
    ).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-user-id': signedIn.user_id },
    });
    expect(out.statusCode).toBe(204);
    expect(await works(signedIn.user_id)).toBe(401);
  });

  it('refuses an email another account already uses with 409, changing nothing', async () => {
    const owner = t.newSubject();
    await t.postCredential(
      await issueUserId(t.app),
      await t.idToken({ sub: owner, email: `taken.${owner}@example.com` }),
    );
    const anon = await issueUserId(t.app);
    const response = await t.postCredential(
      anon,
      await t.idToken({ sub: t.newSubject(), email: `Taken.${owner}@example.com` }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'CONFLICT',
      message: expect.stringContaining(`taken.${owner}@example.com`),
    });
    expect((await userOf(anon))?.providerSubject).toBeNull();
    expect(await works(anon)).toBe(200);
  });

  describe('refuses a bad token with 401 and changes nothing', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const cases: [string, () => Promise<string>, RegExp][] = [
      [
        'a token for another client (audience)',
        () => t.idToken({ sub: t.newSubject(), aud: 'someone-else.apps.googleusercontent.com' }),
        /audience/,
      ],
      [
        'a token from another issuer',
        () => t.idToken({ sub: t.newSubject(), iss: 'https://evil.example.com' }),
        /issuer/,
      ],
      ['an expired token', () => t.idToken({ sub: t.newSubject(), exp: now() - 3600 }), /expired/],
      [
        'a token signed by another key',
        async () => t.idToken({ sub: t.newSubject(), key: await t.google.otherKey() }),
        /signature/,
      ],
      [
        'a token whose email is not verified',
        () => t.idToken({ sub: t.newSubject(), email_verified: false }),
        /not verified/,
      ],
      [
        "a token whose email_verified is the string 'true'",
        () => t.idToken({ sub: t.newSubject(), email_verified: 'true' }),
        /not verified/,
      ],
      ['a token without an email', () => t.google.signIdToken({ sub: t.newSubject() }), /email/],
      [
        'a token for us and another client (a list of audiences)',
        () =>
          t.idToken({ sub: t.newSubject(), aud: [FAKE_GOOGLE_CLIENT_ID, 'someone-else.apps.googleusercontent.com'] }),
        /other clients as well \(audience\)/,
      ],
      [
        'a token for us presented by another client (azp)',
        () => t.idToken({ sub: t.newSubject(), azp: 'someone-else.apps.googleusercontent.com' }),
        /another client \(azp\)/,
      ],
      ['a token without a jti', () => t.idToken({ sub: t.newSubject(), jti: null }), /"jti"/],
      ['a garbage credential', async () => 'not-a-jwt', /not a valid ID token/],
      ['three dots of nothing', async () => 'a.b.c', /not a valid ID token/],
      [
        'a token signed with alg none',
        async () => {
          const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
          return `${part({ alg: 'none' })}.${part({ sub: t.newSubject(), aud: FAKE_GOOGLE_CLIENT_ID, iss: 'https://accounts.google.com', email: 'x@example.com', email_verified: true, exp: now() + 600, iat: now() })}.`;
        },
        /RS256|not a valid/,
      ],
    ];
    it.each(cases)('%s', async (_label, makeCredential, reason) => {
      const anon = await issueUserId(t.app);
      const response = await t.postCredential(anon, await makeCredential());
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.stringMatching(reason) });
      expect(response.json().message).toMatch(/^Google sign-in refused/);
      expect((await userOf(anon))?.providerSubject).toBeNull();
      expect((await sessionOf(anon))?.revokedAt).toBeNull();
      expect(await works(anon)).toBe(200);
    });

    it.each([
      ['an empty credential', ''],
      ['a credential with NUL', 'eyJ\u0000abc'],
      ['a number', 42],
    ])('%s is refused with 400 by the schema', async (_label, credential) => {
      const anon = await issueUserId(t.app);
      const response = await t.postCredential(anon, credential);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST' });
      expect((await sessionOf(anon))?.revokedAt).toBeNull();
      expect((await userOf(anon))?.providerSubject).toBeNull();
    });
  });

  it('accepts a list of just our client id as the audience, and a presenter that is us', async () => {
    const sub = t.newSubject();
    const token = await t.idToken({ sub, aud: [FAKE_GOOGLE_CLIENT_ID], azp: FAKE_GOOGLE_CLIENT_ID });
    expect((await t.postCredential(await issueUserId(t.app), token)).statusCode).toBe(200);
  });

  it('accepts an ID token once: a replay is refused with 401 and changes nothing, from any device', async () => {
    const sub = t.newSubject();
    const token = await t.idToken({ sub });
    const first = await t.postCredential(await issueUserId(t.app), token);
    expect(first.statusCode).toBe(200);
    const account = await userOf(first.json().user_id);
    const sessionsBefore = await t.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, account?.id as number));
    for (const replayer of [await issueUserId(t.app), first.json().user_id as string]) {
      const replay = await t.postCredential(replayer, token);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({
        error: 'UNAUTHORIZED',
        message: 'Google sign-in refused: this ID token was already used; sign in again',
      });
      expect((await sessionOf(replayer))?.revokedAt).toBeNull();
      expect(await works(replayer)).toBe(200);
    }
    const anon = await issueUserId(t.app);
    await t.postCredential(anon, token);
    expect((await userOf(anon))?.providerSubject).toBeNull();
    expect(
      await t.db
        .select()
        .from(userSessions)
        .where(eq(userSessions.userId, account?.id as number)),
    ).toEqual(sessionsBefore);
    // A new token of the same account signs in as ever.
    expect((await t.postCredential(await issueUserId(t.app), await t.idToken({ sub }))).statusCode).toBe(200);
  });

  /** The jti of the tokens sign-in has recorded. */
  const usedJtis = async () => (await t.db.select().from(usedIdTokens)).map((row) => row.jti);

  it('records nothing for a token refused for its email (409): it signs in once the email is free', async () => {
    const owner = t.newSubject();
    const email = `held-${owner}@example.com`;
    await t.signIn(owner);
    await t.db
      .update(users)
      .set({ email })
      .where(eq(users.providerSubject, `google:${owner}`));
    const token = await t.idToken({ sub: t.newSubject(), email });
    expect((await t.postCredential(await issueUserId(t.app), token)).statusCode).toBe(409);
    expect(await usedJtis()).not.toContain(decodeJwt(token).jti);
    await t.db
      .update(users)
      .set({ email: `moved-${owner}@example.com` })
      .where(eq(users.providerSubject, `google:${owner}`));
    expect((await t.postCredential(await issueUserId(t.app), token)).statusCode).toBe(200);
  });

  it('keeps used token ids until their expiry; the retention job deletes expired ones', async () => {
    const live = await t.idToken({ sub: t.newSubject() });
    const soon = await t.idToken({ sub: t.newSubject(), exp: Math.floor(Date.now() / 1000) + 120 });
    for (const token of [live, soon])
      expect((await t.postCredential(await issueUserId(t.app), token)).statusCode).toBe(200);
    expect(await usedJtis()).toEqual(expect.arrayContaining([decodeJwt(live).jti, decodeJwt(soon).jti]));
    await t.db
      .update(usedIdTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(usedIdTokens.jti, decodeJwt(soon).jti as string));
    const purged = await purgeExpiredRows(t.context);
    expect(purged.usedIdTokens).toBeGreaterThanOrEqual(1);
    expect(await usedJtis()).toContain(decodeJwt(live).jti);
    expect(await usedJtis()).not.toContain(decodeJwt(soon).jti);
  });

  it('needs X-User-ID: 401 without, and nothing is created', async () => {
    const sub = t.newSubject();
    const response = await t.postCredential(undefined, await t.idToken({ sub }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED', message: expect.stringContaining('X-User-ID') });
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.providerSubject, `google:${sub}`)),
    ).toEqual([]);
  });

  it('a revoked id cannot sign in (401) and the account is not created', async () => {
    const anon = await issueUserId(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'x-user-id': anon } });
    const sub = t.newSubject();
    expect((await t.postCredential(anon, await t.idToken({ sub }))).statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.providerSubject, `google:${sub}`)),
    ).toEqual([]);
  });

  it('lets the CSP load Google Identity Services (script, style, iframe, fetches)', async () => {
    const csp = String((await t.app.inject({ url: '/api/auth/config' })).headers['content-security-policy']);
    for (const directive of ['script-src', 'style-src', 'connect-src', 'frame-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://accounts\\.google\\.com`));
    }
    expect(csp).not.toMatch(/default-src [^;]*google/);
    expect((await t.app.inject({ url: '/api/auth/config' })).headers['cross-origin-opener-policy']).toBe(
      'same-origin-allow-popups',
    );
  });
});

describe.each(pgliteOnly())('Google sign-in switched off or out of reach (%s)', (driver) => {
  let off: TestApp;
  let unreachable: TestApp;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
    off = await createTestApp(driver, { seed: false });
    // A port that was free a moment ago: nothing answers there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    unreachable = await createTestApp(driver, {
      seed: false,
      env: { GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
    });
  });
  afterAll(async () => {
    await off.close();
    await unreachable.close();
    await google.close();
  });

  it('without GOOGLE_CLIENT_ID: config says null, sign-in answers 501, the CSP stays self only', async () => {
    const config = await off.app.inject({ url: '/api/auth/config' });
    expect(config.json()).toEqual({
      google_client_id: null,
      gsi_script_url: 'https://accounts.google.com/gsi/client',
      oidc: null,
    });
    expect(String(config.headers['content-security-policy'])).not.toContain('google');
    expect(String(config.headers['content-security-policy'])).toContain("frame-src 'none'");
    expect(config.headers['cross-origin-opener-policy']).toBe('same-origin');
    const anon = await issueUserId(off.app);
    for (const headers of [{ 'x-user-id': anon }, {}]) {
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/auth/google-login',
        headers,
        payload: { credential: await google.signIdToken({ sub: '1', email: 'a@example.com' }) },
      });
      expect(response.statusCode).toBe(501);
      expect(response.json()).toEqual({
        error: 'NOT_IMPLEMENTED',
        message: 'Sign-in is not configured on this server: set GOOGLE_CLIENT_ID',
      });
    }
    expect((await off.app.inject({ url: '/api/folders', headers: { 'x-user-id': anon } })).statusCode).toBe(200);
  });

  it("Google's keys out of reach: 503 with a clear message, and the id keeps working", async () => {
    const anon = await issueUserId(unreachable.app);
    const response = await unreachable.app.inject({
      method: 'POST',
      url: '/api/auth/google-login',
      headers: { 'x-user-id': anon },
      payload: { credential: await google.signIdToken({ sub: '1', email: 'a@example.com' }) },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining("Google's signing keys"),
    });
    expect((await unreachable.app.inject({ url: '/api/folders', headers: { 'x-user-id': anon } })).statusCode).toBe(
      200,
    );
  });
});
