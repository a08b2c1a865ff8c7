import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { initServer } from '@ts-rest/fastify';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AppContext } from './app-context';
import { handleClientError } from './lib/client-error';
import { handleFrameworkError, handleValidationError, registerErrorHandling } from './lib/error-handler';
import { createApiRouter } from './modules';
import { registerFormBodyParser } from './modules/subscription/one-click-body';
import { registerApiDocs } from './plugins/api-docs';
import { registerBeaconBodyParser } from './plugins/beacon-body';
import { identityPlugin } from './plugins/identity';
import { registerWebApp } from './plugins/web-app';

const s = initServer();

/** GET /api/uploads/{id}/pdf may carry the caller's id as ?uid= (a credential): keep it out of logs. */
const redactCredentials = (url: string) => url.replace(/([?&]uid=)[^&]*/gi, '$1[redacted]');

/** Multipart limits of POST /api/upload/: one file, the four form fields, short field values. */
const uploadLimits = (maxBytes: number) => ({
  // One byte past the cap reaches our own counter, which fails at once with a clear 413.
  fileSize: maxBytes + 1,
  files: 1,
  fields: 10,
  fieldSize: 64 * 1024,
  parts: 12,
  headerPairs: 100,
});

/** Builds the HTTP app around an open, migrated database. Listening is the caller's business. */
export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactCredentials(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: config.BODY_LIMIT,
    // The spec writes some paths with a trailing slash (POST /api/search/); both spellings work.
    // A path parameter may be a topic of 100 UTF-16 units, URL-encoded: up to 900 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1200 },
    frameworkErrors: handleFrameworkError,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    clientErrorHandler: handleClientError,
  });

  registerErrorHandling(app);
  registerBeaconBodyParser(app);
  registerFormBodyParser(app);
  // Stream mode: handlers read parts themselves (never buffered whole, issue 3).
  await app.register(multipart, { limits: uploadLimits(config.UPLOAD_MAX_BYTES) });
  context.textExtraction.useLogger(app.log);
  // Closing waits for queued text extraction, so it never writes into a closed database.
  app.addHook('onClose', () => context.textExtraction.close());
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
