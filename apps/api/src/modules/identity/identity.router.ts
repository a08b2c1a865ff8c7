import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireSession } from '../../plugins/identity';
import { assertSignInConfigured, createGoogleTokenVerifier } from './google-id-token';
import { signInWithGoogle } from './google-sign-in.service';
import { issueAnonymousUser, revokeSession } from './identity.service';

const s = initServer();

export const createIdentityRouter = ({ db, config }: AppContext) => {
  const verifyGoogleToken = createGoogleTokenVerifier(config);
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
    config: async () => ({
      status: 200,
      body: { google_client_id: config.GOOGLE_CLIENT_ID ?? null, gsi_script_url: config.GOOGLE_GSI_SCRIPT_URL },
    }),
  });
};
