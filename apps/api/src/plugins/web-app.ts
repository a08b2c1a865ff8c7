import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiNotFound } from '../lib/error-handler';

/** Vite's hashed build output: safe to cache for a year, and a miss there is a real 404. */
const ASSETS_PREFIX = '/assets/';

/** A client-side route (react-router renders it, including its own 404 page). */
function isAppPage(request: FastifyRequest): boolean {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  return isRead && !request.url.startsWith('/api') && !request.url.startsWith(ASSETS_PREFIX);
}

const sendAppPage = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');

/**
 * Serves the built web app on the API's origin (one process, one port). Files are looked up per
 * request (wildcard), so a rebuilt web app is served without a restart. Any other page path gets
 * index.html; a missing asset gets a 404 so the browser's chunk-load error handling sees it.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The root is a directory to the static plugin (403); it is the home page to people.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendAppPage(reply));
  } else {
    app.log.warn({ webDist }, 'web app not built: serving the API only (run pnpm start to build it)');
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && isAppPage(request)) return sendAppPage(reply);
    return apiNotFound(request, reply);
  });
}
