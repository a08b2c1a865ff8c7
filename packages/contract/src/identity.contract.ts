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
  googleLogin: {
    method: 'POST',
    path: '/api/auth/google-login',
    body: ZGoogleLoginRequest,
    responses: { 200: ZUser, 401: ZError },
    summary: 'Exchange a Google ID token for a named identity',
  },
});
