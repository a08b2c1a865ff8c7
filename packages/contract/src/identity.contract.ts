import { c, ZError } from './common';
import { ZGetIdResponse, ZGoogleLoginRequest, ZUser } from './identity.schemas';

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
    responses: { 200: ZUser, 401: ZError },
    summary: 'Exchange a Google ID token for a named identity',
  },
});
