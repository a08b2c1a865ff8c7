import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * requirements §7: the page-view beacon posts a JSON *text* body (navigator.sendBeacon with a string sends
 * text/plain). Parse text/plain as JSON so the contract's schema validates it like any JSON body.
 */
export function registerBeaconBodyParser(app: FastifyInstance) {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('INVALID_REQUEST', 'Malformed JSON body'), undefined);
    }
  });
}
