import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { initServer } from '@ts-rest/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import { handleClientError } from './lib/client-error';
import { handleFrameworkError, handleValidationError, registerErrorHandling } from './lib/error-handler';
import { loggerOptions } from './lib/logger-options';
import { registerMcpRoutes } from './mcp/http-route';
import { createApiRouter } from './modules';
import { paperPageHead } from './modules/papers/citation-meta';
import { adminGatePlugin } from './plugins/admin-gate';
import { registerApiDocs } from './plugins/api-docs';
import { registerBeaconBodyParser } from './plugins/beacon-body';
import { registerCompression } from './plugins/compression';
import { registerDrainRefusedBodies } from './plugins/drain-refused-body';
import { registerFormBodyParser } from './plugins/form-body';
import { identityPlugin } from './plugins/identity';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { rateLimitPlugin } from './rate-limit/rate-limit.plugin';

const s = initServer();

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
    logger: loggerOptions(config),
    bodyLimit: config.BODY_LIMIT,
    // The spec writes some paths with a trailing slash (POST /api/search/); both spellings work.
    // A path parameter may be a topic of 100 UTF-16 units, URL-encoded: up to 900 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1200 },
    frameworkErrors: handleFrameworkError,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    clientErrorHandler: handleClientError,
    // docs/security.md#rate-limits-and-quotas: behind a proxy, request.ip (what the rate limits count) is the real client.
    trustProxy: config.TRUST_PROXY,
  });

  registerErrorHandling(app);
  registerBeaconBodyParser(app);
  // docs/security.md#input-validation: a refused upload is answered after its unread body is drained, not reset.
  registerDrainRefusedBodies(app, Math.max(config.UPLOAD_MAX_BYTES, config.BODY_LIMIT));
  registerFormBodyParser(app);
  // docs/security.md#browser-headers: headers on every response; compression attaches to routes added after it.
  await registerSecurityHeaders(app, config);
  await registerCompression(app, config);
  // Stream mode: handlers read parts themselves (an upload is never buffered whole).
  await app.register(multipart, { limits: uploadLimits(config.UPLOAD_MAX_BYTES) });
  // docs/queue.md: the work queue polls once the app is ready (the database is migrated by
  // then). Closing stops it and terminates the PDF workers without draining: a running job's lock
  // expires and another replica, or the next start, takes it over.
  context.queue.useLogger(app.log);
  app.addHook('onReady', async () => context.queue.start());
  app.addHook('onClose', async () => {
    await context.queue.stop();
    await context.pdfText.close();
  });
  await app.register(identityPlugin, { db: context.db, idleDays: config.SESSION_IDLE_DAYS });
  // docs/deploy.md#the-admin-page: after identity (it reads the caller), before validation and the handlers.
  await app.register(adminGatePlugin, { db: context.db, config });
  // After identity: its preHandler sets request.userId, which the per-user budgets count by.
  await app.register(rateLimitPlugin, { config, counters: context.counters });
  app.addHook('onClose', () => context.counters.close());
  app.addHook('onClose', () => context.closeReadDb());
  await registerApiDocs(app);
  // As a plugin, ts-rest's error handler lives in a child scope and hands anything that is not a
  // validation error up to ours.
  await app.register(s.plugin(createApiRouter(context)), {
    logInitialization: false,
    requestValidationErrorHandler: handleValidationError,
  });
  // docs/mcp.md#over-http: the MCP endpoint, whose tools call the routes above in-process.
  registerMcpRoutes(app);
  // docs/import-export.md#citation-meta-tags: a public paper's page carries its citation tags for the Zotero Connector.
  await registerWebApp(app, config.WEB_DIST, (url) => paperPageHead(context.db, url));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}
