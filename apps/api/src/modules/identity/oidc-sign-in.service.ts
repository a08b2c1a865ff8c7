import { createHash, randomBytes } from 'node:crypto';
import type { TUser } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { OidcClient } from './oidc-client';
import { identityOf } from './oidc-identity';
import { OIDC_LOGIN_PATH, type OidcSettings } from './oidc-settings';
import {
  claimOidcState,
  deleteOidcSignIn,
  findPendingAuthorizationUrl,
  insertOidcSignIn,
  storeVerifiedIdentity,
  takeVerifiedIdentity,
} from './oidc-sign-in.repo';
import { type SignInCaller, signIn } from './sign-in.service';

/**
 * docs/security.md#openid-connect (the handshake). A redirect cannot carry X-User-ID, so:
 * 1. POST /api/auth/oidc/start (with X-User-ID): discovery, then a state, nonce and PKCE verifier kept
 *    server-side for START_TTL, bound to the caller's session; answers the login URL.
 * 2. GET /api/auth/oidc/login?state=…: redirects to the provider.
 * 3. GET /api/auth/oidc/callback: consumes the state once, exchanges the code, verifies the ID token, keeps
 *    the verified identity for HANDOFF_TTL under the hash of a one-time code, and sends the browser back to
 *    the page it came from with that code in the URL fragment (never sent to a server, so in no log).
 * 4. POST /api/auth/oidc/complete (with the same X-User-ID) consumes the code and signs in (signIn, the
 *    policy Google's sign-in shares). The new X-User-ID is only ever in that response's body.
 * A refusal at any step changes no user or session; a refused callback ends its sign-in.
 */

const START_TTL_SECONDS = 600;
const HANDOFF_TTL_SECONDS = 300;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** 1. The login URL for the caller's session; 502 (nothing stored) when the provider is out of reach. */
export async function startOidcSignIn(
  db: Db,
  client: OidcClient,
  caller: SignInCaller,
  returnTo: string,
): Promise<string> {
  const request = await client.authorizationRequest();
  await insertOidcSignIn(db, {
    stateHash: sha256(request.state),
    sessionId: caller.sessionId,
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    authorizationUrl: request.url,
    // The fragment is where the callback writes its answer.
    returnTo: returnTo.split('#')[0] || '/',
    ttlSeconds: START_TTL_SECONDS,
  });
  return `${OIDC_LOGIN_PATH}?state=${encodeURIComponent(request.state)}`;
}

/** 2. Where GET /api/auth/oidc/login sends the browser. */
export async function oidcAuthorizationUrl(db: Db, state: string): Promise<string> {
  const url = await findPendingAuthorizationUrl(db, sha256(state));
  if (url === null) {
    throw new AppError(
      'INVALID_REQUEST',
      'This sign-in link is unknown, expired or already used: click the sign-in button again',
    );
  }
  return url;
}

/** The web app's page with the callback's answer in its fragment (read by the web app, sent to no server). */
const back = (publicUrl: string, returnTo: string, answer: Record<string, string>) =>
  `${publicUrl}${returnTo}#${new URLSearchParams(answer).toString()}`;

/**
 * 3. The provider's callback: answers the web app URL to redirect to, carrying `oidc_code` on success and
 * `oidc_error` (a sentence) on refusal.
 */
export async function finishOidcCallback(
  db: Db,
  client: OidcClient,
  settings: OidcSettings,
  publicUrl: string,
  rawQuery: string,
): Promise<string> {
  const params = new URLSearchParams(rawQuery);
  const state = params.get('state');
  const handoff = randomBytes(32).toString('base64url');
  const stateHash = state ? sha256(state) : '';
  const claimed = state ? await claimOidcState(db, stateHash, sha256(handoff)) : null;
  if (!claimed) {
    return back(publicUrl, '/', {
      oidc_error: 'Sign-in refused: the state is unknown, expired or already used; sign in again',
    });
  }
  try {
    const callbackUrl = new URL(settings.redirectUri);
    callbackUrl.search = rawQuery;
    const claims = await client.exchange(callbackUrl, {
      state: state as string,
      nonce: claimed.nonce,
      codeVerifier: claimed.codeVerifier,
    });
    await storeVerifiedIdentity(db, stateHash, identityOf(claims, settings), HANDOFF_TTL_SECONDS);
  } catch (error) {
    await deleteOidcSignIn(db, stateHash);
    if (!(error instanceof AppError)) throw error;
    return back(publicUrl, claimed.returnTo, { oidc_error: error.message });
  }
  return back(publicUrl, claimed.returnTo, { oidc_code: handoff });
}

/** 4. The hand-off code, from the session that started the sign-in, for a named identity. */
export async function completeOidcSignIn(
  db: Db,
  settings: OidcSettings,
  caller: SignInCaller,
  code: string,
): Promise<TUser> {
  return signIn(db, caller, {
    name: settings.name,
    async claim(tx) {
      const identity = await takeVerifiedIdentity(tx, sha256(code), caller.sessionId);
      if (!identity) {
        throw new AppError(
          'UNAUTHORIZED',
          'Sign-in refused: this sign-in code is unknown, used, expired or was issued to another session; sign in again',
        );
      }
      return identity;
    },
  });
}
