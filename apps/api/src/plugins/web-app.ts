import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isWebAppPage } from '@paperbench/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiNotFound } from '../lib/error-handler';

/** Vite's hashed build output: safe to cache for a year, and a miss there is a real 404. */
const ASSETS_PREFIX = '/assets/';

/** A path the web app answers (react-router renders it, including its own 404 page). */
function isAppPath(request: FastifyRequest): boolean {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  return isRead && !request.url.startsWith('/api') && !request.url.startsWith(ASSETS_PREFIX);
}

/** A page's own <title> and <head> tags (already HTML-escaped), or null for the plain index.html. */
export type PageHead = (url: string) => Promise<{ title: string; meta: string } | null>;

/** index.html with the page's title and tags: the title replaced, the tags before </head>. */
function withHead(html: string, head: { title: string; meta: string }): string {
  const titled = /<title>[^<]*<\/title>/.test(html)
    ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${head.title}</title>`)
    : html.replace('</head>', () => `<title>${head.title}</title></head>`);
  return titled.replace('</head>', () => `  ${head.meta}\n  </head>`);
}

/**
 * index.html, never cached (it names the hashed assets of the current build). A path outside the
 * shared route patterns gets it with 404 (docs/security.md#browser-headers): the app still renders its 404 page, and
 * crawlers and monitors see the truth. A page with a head of its own (a public paper's citation tags,
 * docs/import-export.md#citation-meta-tags) gets index.html with it, read per request like the file.
 */
async function sendAppPage(request: FastifyRequest, reply: FastifyReply, webDist: string, pageHead?: PageHead) {
  reply.code(isWebAppPage(request.url) ? 200 : 404).header('cache-control', 'no-cache');
  const head = pageHead && request.method === 'GET' ? await pageHead(request.url) : null;
  if (!head) return reply.sendFile('index.html');
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  return reply.type('text/html; charset=utf-8').send(withHead(html, head));
}

/**
 * Serves the built web app on the API's origin (one process, one port). Files are looked up per
 * request (wildcard), so a rebuilt web app is served without a restart. Any other page path gets
 * index.html; a missing asset gets a 404 so the browser's chunk-load error handling sees it.
 * docs/security.md#browser-headers: the build writes .br and .gz beside each asset (vite-plugin-compression2), served
 * as they are to clients that accept them (preCompressed), so nothing is compressed per request.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, pageHead?: PageHead) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The root is a directory to the static plugin (403); it is the home page to people.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendAppPage(request, reply, webDist));
  } else {
    app.log.warn({ webDist }, 'web app not built: serving the API only (run pnpm start to build it)');
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && isAppPath(request)) return sendAppPage(request, reply, webDist, pageHead);
    return apiNotFound(request, reply);
  });
}
