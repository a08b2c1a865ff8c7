import path from 'node:path';
import { z } from 'zod';
import { packageRoot } from './lib/package-paths';

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Every setting the server reads from its environment; the README's configuration table mirrors it. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Embedded database files and (later) uploaded PDFs live here. */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** PostgreSQL connection string; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.string().url().optional())
    .optional(),
  LOG_LEVEL: ZLogLevel.default('info'),
  /** The built web app to serve; unset or missing means API only. */
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.join(packageRoot, '..', 'web', 'dist')),
  /** Metadata dump (JSONL, gzipped or not) loaded on first start when the papers table is empty. */
  CORPUS_FILE: z
    .string()
    .min(1)
    .default(path.join(packageRoot, 'data', 'arxiv-metadata-sample-25k.jsonl.gz')),
  /** Set to false to start with an empty corpus. */
  SEED_CORPUS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Largest JSON request body, in bytes. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
});

export type Config = z.output<typeof ZEnv>;

/** Reads and validates the environment; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
