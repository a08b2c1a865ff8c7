import { randomUUID } from 'node:crypto';
import { initServer } from '@ts-rest/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import { handleValidationError, registerErrorHandling } from './lib/error-handler';
import { createApiRouter } from './modules';
import { registerApiDocs } from './plugins/api-docs';
import { registerBeaconBodyParser } from './plugins/beacon-body';
import { identityPlugin } from './plugins/identity';
import { registerWebApp } from './plugins/web-app';

const s = initServer();

/** Builds the HTTP app around an open, migrated database. Listening is the caller's business. */
export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT,
    // The spec writes some paths with a trailing slash (POST /api/search/); both spellings work.
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });

  registerErrorHandling(app);
  registerBeaconBodyParser(app);
  await app.register(identityPlugin, { db: context.db });
  await registerApiDocs(app);
  // As a plugin, ts-rest's error handler lives in a child scope and hands anything that is not a
  // validation error up to ours.
  await app.register(s.plugin(createApiRouter(context)), {
    logInitialization: false,
    requestValidationErrorHandler: handleValidationError,
  });
  await registerWebApp(app, config.WEB_DIST);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}
