import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { TError } from '@paperbench/contract';

/** Node's parser errors, before any route runs, as status + sentence (Fastify's defaults, our shape). */
function describe(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request headers are too large' };
  return {
    status: 400,
    message: 'The request was cut off or malformed (e.g. the connection ended before the announced body length)',
  };
}

/**
 * Fastify's clientErrorHandler, so that even a request the HTTP parser rejects (a client that
 * disconnects mid-upload, a Content-Length longer than the body) is answered with the one error
 * shape `{error, message}` rather than Fastify's own.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket) {
  // A reset connection is already gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = describe(error.code);
  const body: TError = { error: 'INVALID_REQUEST', message };
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
