import { c, ZError } from './common';
import { ZCreatedToken, ZCreateTokenRequest, ZTokenList, ZTokenParams } from './token.schemas';

/**
 * docs/security.md#personal-access-tokens: the caller's tokens. These routes need X-User-ID (a browser
 * session): a token cannot create, list or revoke tokens (403).
 */
export const tokensContract = c.router({
  create: {
    method: 'POST',
    path: '/api/tokens',
    body: ZCreateTokenRequest,
    responses: { 201: ZCreatedToken, 409: ZError },
    summary: 'Create a personal access token: its secret is in this answer only',
    description:
      'Needs X-User-ID (anonymous or signed in); 403 with a token. scopes ⊆ read, write, ai; expires_at in the ' +
      'future or omitted (never). At most 20 live tokens per user (409 beyond).',
  },
  list: {
    method: 'GET',
    path: '/api/tokens',
    responses: { 200: ZTokenList },
    summary: "The caller's live tokens, newest first: name, scopes, created, last used, expiry (never the secret)",
  },
  revoke: {
    method: 'DELETE',
    path: '/api/tokens/:id',
    pathParams: ZTokenParams,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Revoke a token: every later call with it is 401',
    description:
      "404 for an id that is not one of the caller's tokens (an expired one, no longer listed, may still be deleted).",
  },
});
