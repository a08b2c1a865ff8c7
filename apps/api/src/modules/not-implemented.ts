import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import type { RouterImplementation } from '@ts-rest/fastify';
import { AppError } from '../lib/app-error';

/** A handler for a route that a later issue implements: 501 with the contract's error shape. */
export function notImplemented(route: AppRoute) {
  return async (): Promise<never> => {
    throw new AppError('NOT_IMPLEMENTED', `${route.method} ${route.path} is not implemented yet`);
  };
}

/** Every route of a contract group answers 501 until its issue lands. */
export function notImplementedRouter<T extends AppRouter>(router: T): RouterImplementation<T> {
  const entries = Object.entries(router).map(([key, value]) => [
    key,
    isAppRoute(value) ? notImplemented(value) : notImplementedRouter(value),
  ]);
  return Object.fromEntries(entries) as RouterImplementation<T>;
}
