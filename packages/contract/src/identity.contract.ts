import { c, ZError } from './common';
import {
  ZAuthConfig,
  ZGetIdResponse,
  ZGoogleLoginRequest,
  ZOidcCallbackQuery,
  ZOidcCompleteRequest,
  ZOidcLoginQuery,
  ZOidcStartRequest,
  ZOidcStartResponse,
  ZUser,
} from './identity.schemas';

export const identityContract = c.router({
  getId: {
    method: 'POST',
    path: '/api/user/get_id',
    body: c.noBody(),
    responses: { 200: ZGetIdResponse },
    summary: 'Issue a new anonymous user id',
    description:
      'Returns a fresh random id (128 bits). Send it as the X-User-ID header on later requests. ' +
      'The server keeps only its hash, so a lost id cannot be recovered.',
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Log out: revoke the X-User-ID sent with this request',
    description:
      'docs/security.md#sessions: server-side revocation. The id answers 401 from then on, like one never issued; ' +
      'the client asks POST /api/user/get_id for a new one. Needs the X-User-ID header (401 without).',
  },
  googleLogin: {
    method: 'POST',
    path: '/api/auth/google-login',
    body: ZGoogleLoginRequest,
    responses: { 200: ZUser, 401: ZError, 409: ZError, 501: ZError, 503: ZError },
    summary: 'Exchange a Google ID token for a named identity',
    description:
      "The token is verified against Google's keys (signature, issuer, audience = GOOGLE_CLIENT_ID, expiry, " +
      'email_verified); any failure is 401. Needs X-User-ID: the first sign-in names that anonymous user; a sign-in ' +
      "to an existing account merges this device's anonymous data into it. The response's user_id is a fresh id " +
      'for this device (the old one is revoked): store it as X-User-ID. 501 when the server has no GOOGLE_CLIENT_ID; ' +
      "409 when another account already uses the email; 503 when Google's keys cannot be fetched.",
  },
  oidcStart: {
    method: 'POST',
    path: '/api/auth/oidc/start',
    body: ZOidcStartRequest,
    responses: { 200: ZOidcStartResponse, 401: ZError, 501: ZError, 502: ZError },
    summary: 'Begin signing in with the OpenID Connect provider',
    description:
      'docs/security.md#openid-connect. Needs X-User-ID: the sign-in is bound to this session (a redirect cannot ' +
      "carry the header). Fetches the provider's discovery document, keeps a fresh state, nonce and PKCE verifier " +
      'for 10 minutes and answers the login_url to send the browser to. return_to: a path of this site to come back ' +
      'to. 501 when no provider is configured; 502 when the provider cannot be reached.',
  },
  oidcLogin: {
    method: 'GET',
    path: '/api/auth/oidc/login',
    query: ZOidcLoginQuery,
    responses: { 302: c.noBody(), 400: ZError, 501: ZError },
    summary: "Redirect to the provider's authorization endpoint (the sign-in button's target)",
    description:
      'A navigation, not an API call: redirects to the provider with the state POST /api/auth/oidc/start bound. ' +
      '400 when the state is unknown, expired or already used.',
  },
  oidcCallback: {
    method: 'GET',
    path: '/api/auth/oidc/callback',
    query: ZOidcCallbackQuery,
    responses: { 302: c.noBody(), 501: ZError },
    summary: 'Where the provider returns the browser (the redirect URI to register)',
    description:
      'Consumes the state once, exchanges the code (PKCE) and verifies the ID token (signature, issuer, audience, ' +
      'expiry, nonce, verified email). Redirects to the web app with #oidc_code=<one-time code> for POST ' +
      '/api/auth/oidc/complete, or #oidc_error=<message> when refused (nothing changed).',
  },
  oidcComplete: {
    method: 'POST',
    path: '/api/auth/oidc/complete',
    body: ZOidcCompleteRequest,
    responses: { 200: ZUser, 401: ZError, 409: ZError, 501: ZError },
    summary: 'Finish an OpenID Connect sign-in: the one-time code for a named identity',
    description:
      'Needs the X-User-ID that started the sign-in. Signs in exactly like POST /api/auth/google-login (this ' +
      "device's anonymous data merges into the account; the old id is revoked and a fresh one answered). 401 when " +
      'the code is unknown, used, expired or from another session; 409 when another account already uses the email.',
  },
  config: {
    method: 'GET',
    path: '/api/auth/config',
    responses: { 200: ZAuthConfig },
    summary: 'Whether sign-in is offered, and where the identity-provider script loads from',
  },
});
