import { USER_ID_HEADER, ZUserId } from '@paperbench/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { resolveSession } from '../modules/identity/identity.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's user id, or null for a request without X-User-ID. */
    userId: number | null;
    /** The session (one issued id) the request came with, or null: what logout revokes. */
    sessionId: number | null;
  }
}

/** Routes that must work with a stale or foreign id in the header (the client is asking for a new one). */
const SKIP_ID_CHECK = new Set(['/api/user/get_id']);

/**
 * architecture: X-User-ID is a bearer credential. A request without it is anonymous (public reads
 * work); a request with an id the server never issued, one revoked by logout, or one idle longer than
 * SESSION_IDLE_DAYS (docs/security.md#sessions) is refused with 401 so the client re-fetches one.
 */
export const identityPlugin = fp(async (app: FastifyInstance, { db, idleDays }: { db: Db; idleDays: number }) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.addHook('preHandler', async (request) => {
    if (SKIP_ID_CHECK.has(request.routeOptions.url ?? '')) return;
    const header = request.headers[USER_ID_HEADER.toLowerCase()];
    if (header === undefined || header === '') return;
    const token = Array.isArray(header) ? header[0] : header;
    const unknownId = new AppError(
      'UNAUTHORIZED',
      `Unknown ${USER_ID_HEADER}: ask POST /api/user/get_id for a new id and send that instead`,
    );
    if (!token || !ZUserId.safeParse(token).success) throw unknownId;
    const session = await resolveSession(db, token, { idleDays });
    if (session === null) throw unknownId;
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
  if (request.sessionId === null) throw new Error('a request with a user id carries its session id');
  return { userId, sessionId: request.sessionId };
}
