import { type TTokenScope, USER_ID_HEADER, ZUserId } from '@paperbench/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { resolveSession } from '../modules/identity/identity.service';
import { resolveToken } from '../modules/tokens/tokens.service';
import { adminNotFound, isAdminRoute } from '../policies/admin.policy';
import { type RouteTokenScope, tokenScopeOf } from '../policies/token-scope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's user id, or null for a request without X-User-ID or a token. */
    userId: number | null;
    /** The session (one issued id) the request came with, or null (anonymous, or a token): what logout revokes. */
    sessionId: number | null;
    /** The personal access token the request came with (docs/security.md#personal-access-tokens), or null. */
    token: { id: number; scopes: TTokenScope[] } | null;
  }
}

/** Routes that must work with a stale or foreign id in the header (the client is asking for a new one). */
const SKIP_ID_CHECK = new Set(['/api/user/get_id']);

const firstValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);

/** RFC 6750 §3: a refused bearer credential says which scheme the server takes. */
function tokenRefused(reply: FastifyReply, message: string): AppError {
  reply.header('www-authenticate', 'Bearer');
  return new AppError('UNAUTHORIZED', message);
}

/**
 * A Bearer credential, or a bare `pbt_…` (refused with a hint). Another scheme is not ours: a proxy in front
 * (HTTP Basic auth on a lab's server) sends it on every request, and it must not lock the browser out.
 */
const isOurs = (authorization: string) => /^(bearer\b|pbt_)/i.test(authorization.trim());

const UNKNOWN_TOKEN = 'Unknown, expired or revoked token: create one on your profile page';

/** docs/deploy.md#the-admin-page: a disabled user's sessions and tokens are refused, with the reason. */
const accountDisabled = () =>
  new AppError(
    'FORBIDDEN',
    'This account has been disabled by an administrator of this server: ask them to enable it again',
  );

/**
 * docs/security.md#personal-access-tokens: `Authorization: Bearer pbt_…` in place of X-User-ID. Both at
 * once is 400; a malformed, unknown, expired or revoked token 401 (another scheme is left alone: isOurs); an /api route outside
 * the token's scopes 403 (policies/token-scope.ts). Pages and other non-/api paths take the token's user
 * without a scope check. Refused before any handler runs, so a refused token changes nothing.
 */
async function authenticateToken(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  authorization: string,
  needed: Exclude<RouteTokenScope, 'operator'> | null,
) {
  if (firstValue(request.headers[USER_ID_HEADER.toLowerCase()])) {
    throw new AppError(
      'INVALID_REQUEST',
      `Ambiguous credentials: send either ${USER_ID_HEADER} or Authorization: Bearer <token>, not both`,
    );
  }
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match) throw tokenRefused(reply, 'Unsupported Authorization: send Authorization: Bearer <token>');
  const token = await resolveToken(db, match[1] as string, (error) =>
    request.log.warn({ err: error }, 'token last_used_at refresh failed: request served anyway'),
  );
  if (!token) throw tokenRefused(reply, UNKNOWN_TOKEN);
  if (token.disabled) throw accountDisabled();
  // docs/deploy.md#the-admin-page: admin routes do not reveal themselves to a token (forbidden, answered 404).
  if (needed === 'forbidden' && isAdminRoute(request.routeOptions.url)) throw adminNotFound(request);
  if (needed === 'forbidden') {
    throw new AppError(
      'FORBIDDEN',
      'A personal access token cannot manage tokens or the account: use the web app (with its session)',
    );
  }
  if (needed !== null && !token.scopes.includes(needed)) {
    throw new AppError(
      'FORBIDDEN',
      `This token lacks the \`${needed}\` scope this route needs: create a token with it on your profile page`,
      { scope: needed },
    );
  }
  request.userId = token.userId;
  request.token = { id: token.id, scopes: token.scopes };
}

/**
 * architecture: X-User-ID is a bearer credential. A request without it is anonymous (public reads
 * work); a request with an id the server never issued, one revoked by logout, or one idle longer than
 * SESSION_IDLE_DAYS (docs/security.md#sessions) is refused with 401 so the client re-fetches one.
 * A personal access token may stand in for it (authenticateToken).
 */
export const identityPlugin = fp(async (app: FastifyInstance, { db, idleDays }: { db: Db; idleDays: number }) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('token', null);
  app.addHook('preHandler', async (request, reply) => {
    const authorization = firstValue(request.headers.authorization);
    const needed = tokenScopeOf(request.method, request.routeOptions.url);
    if (authorization && needed !== 'operator' && isOurs(authorization)) {
      return authenticateToken(db, request, reply, authorization, needed);
    }
    if (SKIP_ID_CHECK.has(request.routeOptions.url ?? '')) return;
    const header = request.headers[USER_ID_HEADER.toLowerCase()];
    if (header === undefined || header === '') return;
    const token = firstValue(header);
    const unknownId = new AppError(
      'UNAUTHORIZED',
      `Unknown ${USER_ID_HEADER}: ask POST /api/user/get_id for a new id and send that instead`,
    );
    if (!token || !ZUserId.safeParse(token).success) throw unknownId;
    const session = await resolveSession(db, token, { idleDays });
    if (session === null) throw unknownId;
    if (session.disabled) throw accountDisabled();
    request.userId = session.userId;
    request.sessionId = session.sessionId;
  });
});

/** For handlers that act for a user: the caller's id, or 401 when the request carries none. */
export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) {
    throw new AppError('UNAUTHORIZED', `${USER_ID_HEADER} header required: get one from POST /api/user/get_id`);
  }
  return request.userId;
}

/** For handlers that act on the caller's session (logout, sign-in): its id, or 401 without X-User-ID. */
export function requireSession(request: FastifyRequest): { userId: number; sessionId: number } {
  const userId = requireUser(request);
  // policies/token-scope.ts already refuses a token on these routes; a new one forgotten there is refused here.
  if (request.token !== null) throw new AppError('FORBIDDEN', 'This route needs the web app’s session, not a token');
  if (request.sessionId === null) throw new Error('a request with a user id carries its session id');
  return { userId, sessionId: request.sessionId };
}
