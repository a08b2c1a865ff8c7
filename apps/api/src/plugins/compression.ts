import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * docs/security.md#browser-headers: API responses (JSON above the threshold) go out brotli or gzip compressed, as the
 * client accepts. @fastify/compress leaves alone what must stay byte-exact or live: PDFs (not a
 * compressible type), 206 range replies (Content-Range counts uncompressed bytes), text/event-stream,
 * and static files the build precompressed (they already carry Content-Encoding). Request bodies are
 * not inflated: a compressed upload would be a zip-bomb vector with no client that needs it.
 * Register it before the routes: it attaches itself to each route as the route is added.
 */
export async function registerCompression(app: FastifyInstance, config: Pick<Config, 'COMPRESS_THRESHOLD_BYTES'>) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: config.COMPRESS_THRESHOLD_BYTES,
    // zstd only where Node has it (22+); browsers send br and gzip.
    encodings: ['br', 'gzip'],
  });
}
