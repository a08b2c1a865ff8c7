import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Longest a refused body is read for before the connection is closed instead (a slow or stalled client). */
const DRAIN_TIMEOUT_MS = 15_000;

/**
 * Reads and discards what is left of a request body, up to `maxBytes`. Resolves true when the body has
 * ended (the socket holds no unread bytes), false when it was longer, too slow, or the stream failed.
 */
export function drainRequestBody(
  raw: IncomingMessage,
  maxBytes: number,
  timeoutMs = DRAIN_TIMEOUT_MS,
): Promise<boolean> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (isDrained: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onError);
      if (!isDrained) raw.pause();
      resolve(isDrained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete === true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.once('error', onError);
    // A multipart parser may still be attached (the handler refused mid-body): detach it, then let the rest flow.
    raw.unpipe();
    raw.resume();
  });
}

/**
 * docs/security.md#input-validation: a request refused before its body was read (an upload without X-User-ID, with the wrong
 * field name, not multipart, over a limit or a rate budget) is answered only after the rest of its body has
 * been read and discarded. Answering at once and closing with unread bytes on the socket makes the
 * client's kernel see a TCP reset, and the client gets ECONNRESET/EPIPE instead of the 401/400. A body
 * longer than `maxBytes` beyond the refusal is not read: that connection is closed after the answer.
 */
export function registerDrainRefusedBodies(app: FastifyInstance, maxBytes: number) {
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    if (reply.statusCode < 400 || raw.complete || raw.readableEnded || raw.destroyed) return;
    const isDrained = await drainRequestBody(raw, maxBytes);
    if (!isDrained) reply.header('connection', 'close');
  });
}
