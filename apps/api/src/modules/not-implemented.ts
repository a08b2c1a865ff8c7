import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import type { RouterImplementation } from '@ts-rest/fastify';
import { AppError } from '../lib/app-error';

/**
 * A route that a later issue implements: 501 with the contract's error shape. It answers from the
 * route's first hook, before body validation, so a client learns "not yet" whatever it sent.
 */
export function notImplemented(route: AppRoute) {
  const refuse = async (): Promise<never> => {
    throw new AppError('NOT_IMPLEMENTED', `${route.method} ${route.path} is not implemented yet`);
  };
  return { hooks: { onRequest: refuse }, handler: refuse };
}

/** Every route of a contract group answers 501 until its issue lands. */
export function notImplementedRouter<T extends AppRouter>(router: T): RouterImplementation<T> {
  const entries = Object.entries(router).map(([key, value]) => [
    key,
    isAppRoute(value) ? notImplemented(value) : notImplementedRouter(value),
  ]);
  return Object.fromEntries(entries) as RouterImplementation<T>;
}
