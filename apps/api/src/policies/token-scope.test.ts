import { contract } from '@paperbench/contract';
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { budgetOf } from '../rate-limit/budgets';
import { tokenScopeOf } from './token-scope';

/** docs/security.md#personal-access-tokens: which scope each route needs of a token. Pure: reads the contract. */
const routesOf = (router: AppRouter): AppRoute[] =>
  Object.values(router).flatMap((value) => (isAppRoute(value) ? [value] : routesOf(value)));
const allRoutes = routesOf(contract as AppRouter);
const label = (route: AppRoute) => `${route.method} ${route.path}`;

describe('token scopes of the routes', () => {
  it('gives every contract route a scope, or refuses tokens on it', () => {
    const unclassified = allRoutes.filter((route) => tokenScopeOf(route.method, route.path) === null).map(label);
    expect(unclassified).toEqual([]);
  });

  it('needs `ai` of every route on the ai budget (it may call a model), GETs included', () => {
    const ai = allRoutes.filter((route) => budgetOf(route.method, route.path) === 'ai');
    expect(ai.map(label)).toContain('GET /api/folders/:id/summary');
    for (const route of ai) expect(tokenScopeOf(route.method, route.path), label(route)).toBe('ai');
    // And only those: `ai` is the money scope.
    const needsAi = allRoutes.filter((route) => tokenScopeOf(route.method, route.path) === 'ai');
    expect(needsAi.map(label).sort()).toEqual(ai.map(label).sort());
  });

  it('needs `read` of every other GET and of the read-only POSTs on the search budget', () => {
    for (const route of allRoutes) {
      const scope = tokenScopeOf(route.method, route.path);
      if (route.method === 'GET' && !['ai', 'forbidden', 'operator'].includes(scope as string)) {
        expect(scope, label(route)).toBe('read');
      }
    }
    for (const route of [
      contract.search.search,
      contract.search.searchSuggestions,
      contract.papers.count,
      contract.grants.grantSearch,
      contract.files.getPaper,
    ]) {
      expect(tokenScopeOf(route.method, route.path), label(route)).toBe('read');
    }
    expect(tokenScopeOf('HEAD', contract.papers.list.path)).toBe('read');
  });

  it('needs `write` of every other change', () => {
    for (const route of allRoutes) {
      if (route.method === 'GET') continue;
      const budget = budgetOf(route.method, route.path);
      if (budget === 'ai' || budget === 'search' || route === contract.files.getPaper) continue;
      expect(tokenScopeOf(route.method, route.path), label(route)).toMatch(/^(write|forbidden|operator)$/);
    }
    expect(tokenScopeOf('POST', contract.folders.create.path)).toBe('write');
    expect(tokenScopeOf('POST', contract.annotations.create.path)).toBe('write');
    expect(tokenScopeOf('POST', contract.comments.createPaper.path)).toBe('write');
    expect(tokenScopeOf('POST', contract.folders.upload.path)).toBe('write');
  });

  it('refuses tokens on the token routes, account deletion, the session routes and the admin routes', () => {
    const forbidden = allRoutes.filter((route) => tokenScopeOf(route.method, route.path) === 'forbidden');
    // docs/deploy.md#the-admin-page: every admin route, answered 404 (admin-access.test.ts).
    const admin = Object.values(contract.admin).map(label);
    expect(forbidden.map(label).sort()).toEqual(
      [
        'POST /api/tokens',
        'GET /api/tokens',
        'DELETE /api/tokens/:id',
        'DELETE /api/profile',
        'POST /api/user/get_id',
        'POST /api/auth/logout',
        'POST /api/auth/google-login',
        'POST /api/auth/oidc/start',
        'GET /api/auth/oidc/login',
        'GET /api/auth/oidc/callback',
        'POST /api/auth/oidc/complete',
        ...admin,
      ].sort(),
    );
  });

  it('leaves the operator route its own Bearer, and pages (non-/api paths) need no scope', () => {
    expect(tokenScopeOf('GET', contract.contact.operatorMessages.path)).toBe('operator');
    expect(tokenScopeOf('GET', '/papers/:id')).toBeNull();
    expect(tokenScopeOf('POST', '/mcp')).toBeNull();
    expect(tokenScopeOf('GET', undefined)).toBeNull();
  });
});
