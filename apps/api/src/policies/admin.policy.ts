import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../lib/app-error';

/**
 * docs/deploy.md#the-admin-page: the one place admin-ness is decided. An administrator is a signed-in user (a
 * users row named by an identity provider) whose email is one of ADMIN_EMAILS, calling with the web app's session
 * (never a personal access token), and not disabled.
 */

export interface AdminCaller {
  userId: number;
  email: string;
}

/** The route prefix every admin route shares. */
export const ADMIN_ROUTE_PREFIX = '/api/admin/';

/** Whether a route pattern (Fastify's, e.g. '/api/admin/users/:id') is an admin route. */
export const isAdminRoute = (routePattern: string | undefined) =>
  routePattern === '/api/admin' || (routePattern?.startsWith(ADMIN_ROUTE_PREFIX) ?? false);

/**
 * What a non-administrator gets from an admin route: exactly what a path without a route answers
 * (lib/error-handler.ts apiNotFound), so the routes do not reveal themselves.
 */
export function adminNotFound(request: FastifyRequest): AppError {
  return new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
}

/** Whether `email` is one of ADMIN_EMAILS (already lower-cased by config/admin.ts). */
export const isAdminEmail = (config: Pick<Config, 'ADMIN_EMAILS'>, email: string | null): boolean =>
  email !== null && config.ADMIN_EMAILS.includes(email.toLowerCase());

/** The caller as an administrator, or null for anyone else (anonymous, a token, a non-admin, a disabled admin). */
export async function adminCaller(
  db: Db,
  config: Pick<Config, 'ADMIN_EMAILS'>,
  request: FastifyRequest,
): Promise<AdminCaller | null> {
  if (request.token !== null || request.userId === null || config.ADMIN_EMAILS.length === 0) return null;
  const [row] = await db
    .select({ email: users.email, providerSubject: users.providerSubject, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, request.userId));
  if (!row?.email || row.providerSubject === null || row.disabledAt !== null) return null;
  return isAdminEmail(config, row.email) ? { userId: request.userId, email: row.email } : null;
}
