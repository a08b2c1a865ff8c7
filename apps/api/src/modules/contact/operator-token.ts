import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * docs/security.md#mail: operator routes take `Authorization: Bearer <OPERATOR_TOKEN>`. Without a configured
 * token they do not exist (404, like any unknown route); a wrong token is 401. Both sides are hashed
 * first so the constant-time compare never sees buffers of different lengths.
 */
export function requireOperator(request: FastifyRequest, config: Pick<Config, 'OPERATOR_TOKEN'>): void {
  if (!config.OPERATOR_TOKEN) {
    throw new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
  }
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  const given = match?.[1]?.trim() ?? '';
  if (!given || !timingSafeEqual(digest(given), digest(config.OPERATOR_TOKEN))) {
    throw new AppError('UNAUTHORIZED', 'Operator routes need Authorization: Bearer <OPERATOR_TOKEN>');
  }
}
