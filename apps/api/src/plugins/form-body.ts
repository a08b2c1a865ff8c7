import type { FastifyInstance } from 'fastify';

/**
 * The app-wide parser of `application/x-www-form-urlencoded` bodies. Its one user today, RFC 8058: a
 * mail client's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a form. The
 * body carries nothing the server needs (the token is in the URL), but it must parse instead of 415.
 */
export function registerFormBodyParser(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
