import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/**
 * docs/security.md#openid-connect, tested against a real OpenID Connect provider: panva's oidc-provider on
 * 127.0.0.1, with one confidential client whose redirect URI is the app's callback. Its login and consent
 * interactions complete at once for `nextAccount` (what a person would type), so a test drives the whole
 * authorization code flow with fetch. `tamperNextIdToken` re-signs the next ID token the token endpoint
 * issues (with the provider's own key) after a test's change: an expired one, another nonce, another email.
 */

export const FAKE_OIDC_CLIENT_ID = 'paperbench-test-client';
const CLIENT_SECRET = 'paperbench-test-secret-0123456789';
const KEY_ID = 'fake-oidc-key-1';

export interface FakeAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface FakeOidcProvider {
  issuer: string;
  /** The env a test app needs to sign in with this provider, its callback under `publicUrl`. */
  env: Record<string, string>;
  /** Who signs in at the next login interaction. */
  nextAccount: FakeAccount;
  tamperNextIdToken(change: (claims: JWTPayload) => JWTPayload): void;
  /**
   * Follows the provider's redirects from the authorization URL (carrying its cookies) through login and
   * consent; answers the callback URL the provider sends the browser back to.
   */
  authorize(authorizationUrl: string): Promise<URL>;
  /** Stops listening: the provider is down from now on. */
  close(): Promise<void>;
}

/** A cookie jar just good enough for the provider's own interaction cookies. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    store(setCookies: string[]) {
      for (const line of setCookies) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

/** `publicClient`: a client without a secret (token_endpoint_auth_method `none`: PKCE alone). */
export async function startFakeOidcProvider(
  publicUrl: string,
  { publicClient = false }: { publicClient?: boolean } = {},
): Promise<FakeOidcProvider> {
  const redirectUri = `${publicUrl}/api/auth/oidc/callback`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, FakeAccount>();
  let handler: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
  const server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: FAKE_OIDC_CLIENT_ID,
        ...(publicClient ? {} : { client_secret: CLIENT_SECRET }),
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: publicClient ? 'none' : 'client_secret_post',
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: ['fake-oidc-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // The claims of the scopes asked for go into the ID token itself (sign-in reads only the ID token).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && tamper && body?.id_token) {
      const claims = tamper(decodeJwt(body.id_token));
      tamper = undefined;
      const idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KEY_ID }).sign(privateKey);
      ctx.body = { ...body, id_token: idToken };
    }
  });
  const providerCallback = provider.callback();

  const fake: FakeOidcProvider = {
    issuer,
    env: {
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: FAKE_OIDC_CLIENT_ID,
      ...(publicClient ? {} : { OIDC_CLIENT_SECRET: CLIENT_SECRET }),
      OIDC_NAME: 'Test IdP',
      PUBLIC_URL: publicUrl,
    },
    nextAccount: { sub: 'nobody' },
    tamperNextIdToken(change) {
      tamper = change;
    },
    async authorize(authorizationUrl) {
      const jar = cookieJar();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.store(response.headers.getSetCookie());
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider answered ${response.status} at ${url}: ${await response.text()}`);
        const next = new URL(location, url);
        if (next.href.startsWith(redirectUri)) return next;
        url = next.href;
      }
      throw new Error('the provider redirected too often');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  // The login and consent prompts, answered at once for nextAccount (oidc-provider's interaction API).
  const interact = async (request: IncomingMessage, response: ServerResponse) => {
    const details = await provider.interactionDetails(request, response);
    const account = fake.nextAccount;
    accounts.set(account.sub, account);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };
  handler = (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      interact(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
      return;
    }
    providerCallback(request, response);
  };
  return fake;
}
