import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';
import { redactCredentials } from './redact-credentials';

/**
 * The server's pino options. `json`: one JSON object a line on stdout, for log collectors (not a terminal,
 * or LOG_FORMAT=json). `pretty`: for a person at a terminal, one readable line an entry ("[18:04:12] INFO:
 * corpus loaded {…}"): fields on the same line, so a start stays a few lines. `destination` replaces
 * stdout (tests).
 */
export function loggerOptions(
  { LOG_LEVEL, LOG_FORMAT }: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  destination?: NodeJS.WritableStream,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  const stream =
    LOG_FORMAT === 'pretty'
      ? pretty({
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
          singleLine: true,
          // Written before it returns: the last lines before process.exit (shutdown, a failed start) are not lost.
          sync: true,
          ...(destination ? { destination, colorize: false } : {}),
        })
      : destination;
  return {
    level: LOG_LEVEL,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactCredentials(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
