import type { TError } from '@paperbench/contract';
import type { RequestValidationError } from '@ts-rest/fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { findBadData } from './database-errors';

/** Fastify's own errors that are the client's fault, mapped to our codes and plain sentences. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; body: Omit<TError, 'details'> }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, body: { error: 'INVALID_REQUEST', message: 'Malformed JSON body' } },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    body: { error: 'INVALID_REQUEST', message: 'Body is empty but Content-Type is application/json' },
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    body: { error: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    body: { error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Content-Type; send application/json' },
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    body: { error: 'INVALID_REQUEST', message: 'Content-Length does not match the body' },
  },
};

function sendError(reply: FastifyReply, status: number, body: TError) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** ts-rest's request validation failure → 400 naming each failing field. */
export function handleValidationError(err: RequestValidationError, _request: FastifyRequest, reply: FastifyReply) {
  const parts = [
    ['path', err.pathParams],
    ['query', err.query],
    ['body', err.body],
    ['header', err.headers],
  ] as const;
  const fields = parts.flatMap(([where, zodError]) =>
    (zodError?.issues ?? []).map((issue) => ({
      in: where,
      field: issue.path.join('.') || where,
      message: issue.message,
    })),
  );
  const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return sendError(reply, 400, {
    error: 'INVALID_REQUEST',
    message: `Invalid request: ${summary || 'the request does not match the API contract'}`,
    details: { fields },
  });
}

/**
 * Errors the router raises before any route runs (a path parameter over maxParamLength, a path that is
 * not valid percent-encoding) in the contract's error shape, without echoing the (possibly huge) path.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long (at most 1200 characters once URL-encoded)'
      : 'The URL path is not valid percent-encoding';
  return sendError(reply, 400, { error: 'INVALID_REQUEST', message });
}

/** The one mapping from thrown errors to the contract's error shape. Server faults are logged once, here. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // 501 is the expected answer of sign-in on a server without GOOGLE_CLIENT_ID (README: Google sign-in), not a server fault.
      // A 503 for a full arXiv queue (docs/security.md#outbound-requests-to-arxiv) is load shedding, not a fault: a flood must not flood the log.
      const expected = error.code === 'NOT_IMPLEMENTED' || error.code === 'SERVICE_UNAVAILABLE';
      if (error.statusCode >= 500 && !expected) request.log.error({ err: error }, error.message);
      const body: TError = { error: error.code, message: error.message };
      // RFC 9110: a 429 says when to come back; the service puts the seconds in details.
      const retryAfter = (error.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      if (error.details !== undefined) body.details = error.details;
      return sendError(reply, error.statusCode, body);
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, known.status, known.body);
    // docs/security.md#input-validation: a value the database refuses (SQLSTATE 22xxx, 54000, …) is the client's bad data.
    const badData = findBadData(error);
    if (badData) {
      const { sqlState, message, reason } = badData;
      // Without the error itself: Drizzle's message holds the whole statement and its parameters.
      request.log.warn({ sqlState, reason }, 'request data refused by the database');
      return sendError(reply, 400, { error: 'INVALID_REQUEST', message, details: { sqlState } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, { error: 'INVALID_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, { error: 'INTERNAL', message: 'Internal server error' });
  });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return sendError(reply, 404, { error: 'NOT_FOUND', message: `No route ${request.method} ${path}` });
}
