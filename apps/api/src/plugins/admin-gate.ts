import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { type AdminCaller, adminCaller, adminNotFound, isAdminRoute } from '../policies/admin.policy';

declare module 'fastify' {
  interface FastifyRequest {
    /** On an admin route: the administrator calling (anyone else never reaches the handler). */
    admin: AdminCaller | null;
  }
}

/**
 * docs/deploy.md#the-admin-page: every /api/admin route answers anyone but an administrator 404, before its
 * input is validated (a 400 would reveal the route) and before anything else runs. After the identity plugin,
 * whose preHandler sets the caller.
 */
export const adminGatePlugin = fp(
  async (app: FastifyInstance, { db, config }: { db: Db; config: Pick<Config, 'ADMIN_EMAILS'> }) => {
    app.decorateRequest('admin', null);
    app.addHook('preHandler', async (request) => {
      if (!isAdminRoute(request.routeOptions.url)) return;
      request.admin = await adminCaller(db, config, request);
      if (!request.admin) throw adminNotFound(request);
    });
  },
);

/** For admin handlers: the administrator the gate let through. */
export function requireAdmin(request: FastifyRequest): AdminCaller {
  if (!request.admin) throw adminNotFound(request);
  return request.admin;
}
