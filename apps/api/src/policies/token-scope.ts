import { contract, type TTokenScope } from '@paperbench/contract';
import type { AppRoute } from '@ts-rest/core';
import { budgetOf } from '../rate-limit/budgets';

/**
 * docs/security.md#personal-access-tokens: the one place a route's token scope is derived.
 * - `forbidden`: a token cannot manage tokens, the account or the session (these need the web app), nor call
 *   the admin routes (answered 404 there, docs/deploy.md#the-admin-page);
 * - `ai`: every route on the `ai` budget (it may call a model: money);
 * - `read`: every GET/HEAD, the read-only POSTs on the `search` budget (search, grant search) and
 *   READ_POSTS (one paper by id);
 * - `write`: every other POST/PUT/PATCH/DELETE;
 * - `operator`: routes whose Authorization is the operator's own Bearer (docs/security.md#mail): not a
 *   personal access token, so the identity plugin leaves the header to the route.
 */
export type RouteTokenScope = TTokenScope | 'forbidden' | 'operator';

const FORBIDDEN_ROUTES: AppRoute[] = [
  contract.tokens.create,
  contract.tokens.list,
  contract.tokens.revoke,
  contract.profile.delete,
  contract.identity.getId,
  contract.identity.logout,
  contract.identity.googleLogin,
  contract.identity.oidcStart,
  contract.identity.oidcLogin,
  contract.identity.oidcCallback,
  contract.identity.oidcComplete,
  // docs/deploy.md#the-admin-page: the web app's session only; the identity plugin answers a token 404 here.
  ...Object.values(contract.admin),
];

const OPERATOR_ROUTES: AppRoute[] = [contract.contact.operatorMessages];

/** POSTs that only read (requirements §7 gives them POST): a read-only token may call them. */
const READ_POSTS: AppRoute[] = [contract.files.getPaper];

const key = (method: string, path: string) => `${method} ${path.replace(/\/+$/, '') || '/'}`;
const FORBIDDEN = new Set(FORBIDDEN_ROUTES.map((route) => key(route.method, route.path)));
const OPERATOR = new Set(OPERATOR_ROUTES.map((route) => key(route.method, route.path)));
const READ = new Set(READ_POSTS.map((route) => key(route.method, route.path)));
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The scope an /api route (Fastify's pattern, e.g. '/api/folders/:id') needs of a token; null: none (not an API route). */
export function tokenScopeOf(method: string, routePattern: string | undefined): RouteTokenScope | null {
  if (!routePattern?.startsWith('/api/')) return null;
  // HEAD is answered by the GET route of the same path.
  const asRouted = method === 'HEAD' ? 'GET' : method;
  if (OPERATOR.has(key(asRouted, routePattern))) return 'operator';
  if (FORBIDDEN.has(key(asRouted, routePattern))) return 'forbidden';
  const budget = budgetOf(asRouted, routePattern);
  if (budget === 'ai') return 'ai';
  if (READ_METHODS.has(method) || budget === 'search' || READ.has(key(asRouted, routePattern))) return 'read';
  return 'write';
}
