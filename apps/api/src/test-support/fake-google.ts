import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createTestApp, type Driver, issueUserId, type TestApp } from './test-app';

/**
 * README: Google sign-in, tested without Google. A local JWKS endpoint (what GOOGLE_JWKS_URL points at)
 * serving the public half of an RS256 key pair, and a signer of ID tokens shaped like Google's, so tests
 * can mint good tokens and every kind of bad one.
 */

export const FAKE_GOOGLE_CLIENT_ID = 'paperbench-test.apps.googleusercontent.com';
const KEY_ID = 'fake-google-key-1';

export interface IdTokenClaims {
  sub: string;
  email?: string;
  name?: string;
  picture?: string;
  /** Default: FAKE_GOOGLE_CLIENT_ID. */
  aud?: string | string[];
  /** The authorized presenter; left out by default. */
  azp?: string;
  /** Default: a fresh random id, as Google gives each token; null leaves the claim out. */
  jti?: string | null;
  /** Default: 'https://accounts.google.com'. */
  iss?: string;
  /** Seconds since the epoch; default an hour from now. */
  exp?: number;
  /** Default true; the JSON value as Google would send it (tests pass 'true' as a string, too). */
  email_verified?: boolean | string;
  /** Sign with this key instead of the served one (a forged token); it carries the served key's kid. */
  key?: CryptoKey;
}

export interface FakeGoogle {
  /** http://127.0.0.1:PORT/oauth2/v3/certs, as GOOGLE_JWKS_URL takes it. */
  jwksUrl: string;
  /** The env a test app needs for sign-in against this server. */
  env: { GOOGLE_CLIENT_ID: string; GOOGLE_JWKS_URL: string };
  signIdToken(claims: IdTokenClaims): Promise<string>;
  /** A key pair the server does not serve, for tokens with a bad signature. */
  otherKey(): Promise<CryptoKey>;
  /** JWKS requests served so far. */
  jwksRequests: number;
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const server = createServer((request, response) => {
    if (request.url === '/oauth2/v3/certs') {
      fake.jwksRequests += 1;
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=3600' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const jwksUrl = `http://127.0.0.1:${port}/oauth2/v3/certs`;

  const fake: FakeGoogle = {
    jwksUrl,
    env: { GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl },
    jwksRequests: 0,
    async signIdToken({
      sub,
      email,
      name,
      picture,
      aud = FAKE_GOOGLE_CLIENT_ID,
      iss = 'https://accounts.google.com',
      exp = Math.floor(Date.now() / 1000) + 3600,
      azp,
      jti = randomUUID(),
      email_verified = true,
      key = privateKey,
    }) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email, name, picture, email_verified, azp, ...(jti === null ? {} : { jti }) })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
        .setSubject(sub)
        .setAudience(aud)
        .setIssuer(iss)
        .setIssuedAt(Math.min(now, exp - 60))
        .setExpirationTime(exp)
        .sign(key);
    },
    async otherKey() {
      return (await generateKeyPair('RS256')).privateKey;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

let subjects = 0;

/** A test app whose sign-in trusts its own fake Google (the sign-in, account-merge and profile tests). */
export interface SignInTestApp extends TestApp {
  google: FakeGoogle;
  /** A Google subject (numeric, as Google's are) no other sign-in of this run has used. */
  newSubject(): string;
  /** An ID token for `sub` with email `<sub>@example.com` and the app's name, unless the claims give others. */
  idToken(claims: Partial<IdTokenClaims> & { sub: string }): Promise<string>;
  /** POST /api/auth/google-login with `credential`, sent as `id` (without X-User-ID when undefined). */
  postCredential(id: string | undefined, credential: unknown): Promise<LightMyRequestResponse>;
  /** Signs `id` (a fresh anonymous id by default) in as `sub`; the X-User-ID the sign-in answers. */
  signIn(sub: string, id?: string): Promise<string>;
}

/**
 * createTestApp with GOOGLE_CLIENT_ID and GOOGLE_JWKS_URL pointing at a fake Google started for it; its
 * close() stops both. `name` is the name the tokens carry unless a test gives another.
 */
export async function createSignInTestApp(
  driver: Driver,
  { name = 'Ada Lovelace' }: { name?: string } = {},
): Promise<SignInTestApp> {
  const google = await startFakeGoogle();
  const t = await createTestApp(driver, { seed: false, env: google.env });
  const idToken = (claims: Partial<IdTokenClaims> & { sub: string }) =>
    google.signIdToken({ email: `${claims.sub}@example.com`, name, ...claims });
  const postCredential = (id: string | undefined, credential: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/google-login',
      headers: id ? { 'x-user-id': id } : {},
      payload: { credential },
    });
  return {
    ...t,
    google,
    newSubject: () => `${Date.now()}${++subjects}`,
    idToken,
    postCredential,
    async signIn(sub, id) {
      const response = await postCredential(id ?? (await issueUserId(t.app)), await idToken({ sub }));
      if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
      return response.json().user_id as string;
    },
    async close() {
      await t.close();
      await google.close();
    },
  };
}
