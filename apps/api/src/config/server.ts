import path from 'node:path';
import { z } from 'zod';
import { packageRoot } from '../lib/package-paths';
import { zFlag, zOptional } from './fields';

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
/** How log lines are written: `pretty` for people at a terminal, `json` (one object a line) for machines. */
export type LogFormat = 'pretty' | 'json';

/** Where the server listens, its database, logs, web app and first-start corpus. */
export const serverEnv = {
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Embedded database files and (later) uploaded PDFs live here. */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** PostgreSQL connection string; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: zOptional(z.string().url()),
  /** docs/deploy.md#read-replica: a PostgreSQL read replica that search and the paper list read from; unset: the primary. */
  DATABASE_READ_URL: zOptional(z.string().url()),
  LOG_LEVEL: ZLogLevel.default('info'),
  /** `pretty` (one readable line per entry) or `json`; unset: pretty when stdout is a terminal, else json. */
  LOG_FORMAT: zOptional(z.enum(['pretty', 'json'])),
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
  /** Set to false to start with an empty corpus (no papers, no grants). */
  SEED_CORPUS: zFlag(true),
  /**
   * docs/grants.md: grant records (JSONL, gzipped or not) loaded on first start (with SEED_CORPUS) when the grants
   * table is empty; empty means none.
   */
  GRANTS_FILE: z
    .string()
    .trim()
    .default(path.join(packageRoot, 'data', 'grants-sample.jsonl.gz')),
  /**
   * docs/deploy.md#warm-up-after-a-start: after listening, read up to this many MB of the indexes the first searches
   * and recommendations need into the OS page cache (PostgreSQL with pg_prewarm); 0 turns it off.
   */
  PREWARM_MAX_MB: z.coerce.number().int().min(0).default(8192),
  /** Largest JSON request body, in bytes. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
};
