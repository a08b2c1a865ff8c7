import { c, ZError } from './common';
import { ZAuthConfig, ZGetIdResponse, ZGoogleLoginRequest, ZUser } from './identity.schemas';

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
  config: {
    method: 'GET',
    path: '/api/auth/config',
    responses: { 200: ZAuthConfig },
    summary: 'Whether sign-in is offered, and where the identity-provider script loads from',
  },
});
