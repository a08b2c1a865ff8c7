import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireSession } from '../../plugins/identity';
import { assertSignInConfigured, createGoogleTokenVerifier } from './google-id-token';
import { issueAnonymousUser, revokeSession } from './identity.service';
import { createOidcClient } from './oidc-client';
import { oidcSettings, requireOidc } from './oidc-settings';
import { completeOidcSignIn, finishOidcCallback, oidcAuthorizationUrl, startOidcSignIn } from './oidc-sign-in.service';
import { signInWithGoogle } from './sign-in.service';

const s = initServer();

export const createIdentityRouter = ({ db, config }: AppContext) => {
  const verifyGoogleToken = createGoogleTokenVerifier(config);
  // docs/security.md#openid-connect: one client per server; discovery is fetched on first use and cached.
  const oidc = oidcSettings(config);
  const oidcClient = oidc && createOidcClient(oidc);
  const requireOidcClient = () => ({
    settings: requireOidc(oidc),
    client: oidcClient as NonNullable<typeof oidcClient>,
  });
  return s.router(contract.identity, {
    getId: async () => ({ status: 200, body: { user_id: await issueAnonymousUser(db) } }),
    // docs/security.md#sessions: the id in X-User-ID is refused from now on.
    logout: async ({ request }) => {
      await revokeSession(db, requireSession(request).sessionId);
      return { status: 204, body: undefined };
    },
    // README: Google sign-in. 501 first (a server without sign-in says so whoever asks), then the caller's id.
    googleLogin: async ({ request, body }) => {
      assertSignInConfigured(config);
      const caller = requireSession(request);
      return { status: 200, body: await signInWithGoogle(db, verifyGoogleToken, caller, body.credential) };
    },
    oidcStart: async ({ request, body }) => {
      const { client } = requireOidcClient();
      const caller = requireSession(request);
      return { status: 200, body: { login_url: await startOidcSignIn(db, client, caller, body.return_to) } };
    },
    // Navigations, not API calls: redirects, never cached (a state or code in them is single-use).
    oidcLogin: async ({ query, reply }) => {
      requireOidcClient();
      reply.header('location', await oidcAuthorizationUrl(db, query.state)).header('cache-control', 'no-store');
      return { status: 302, body: undefined };
    },
    oidcCallback: async ({ request, reply }) => {
      const { settings, client } = requireOidcClient();
      const rawQuery = request.url.split('?')[1] ?? '';
      const location = await finishOidcCallback(db, client, settings, config.PUBLIC_URL, rawQuery);
      reply.header('location', location).header('cache-control', 'no-store');
      return { status: 302, body: undefined };
    },
    oidcComplete: async ({ request, body }) => {
      const { settings } = requireOidcClient();
      const caller = requireSession(request);
      return { status: 200, body: await completeOidcSignIn(db, settings, caller, body.code) };
    },
    config: async () => ({
      status: 200,
      body: {
        google_client_id: config.GOOGLE_CLIENT_ID ?? null,
        gsi_script_url: config.GOOGLE_GSI_SCRIPT_URL,
        oidc: oidc && { name: oidc.name, start_url: contract.identity.oidcStart.path },
      },
    }),
  });
};
