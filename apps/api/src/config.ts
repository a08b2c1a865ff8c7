import path from 'node:path';
import { z } from 'zod';
import { packageRoot } from './lib/package-paths';

/** An http(s) URL of which only the origin counts (scheme, host, port): the PDF proxy's allow-list. */
const ZOriginUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http or https URL');

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
  /** Uploaded and cached PDFs (content-addressed) live here; unset means `${DATA_DIR}/files`. */
  STORAGE_DIR: z.string().trim().min(1).optional(),
  /** Largest uploaded PDF, in bytes (issue 3: default 50 MB); a bigger upload is refused with 413. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  /** The arXiv host the PDF proxy may fetch from (origin only; tests point it at a local server). */
  ARXIV_PDF_BASE_URL: ZOriginUrl.default('https://export.arxiv.org'),
  /** The ACL Anthology host the PDF proxy may fetch from (origin only). */
  ACL_PDF_BASE_URL: ZOriginUrl.default('https://aclanthology.org'),
  /** Time limit of one remote PDF fetch, headers and body, in milliseconds. */
  PDF_FETCH_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /** Largest remote PDF the proxy fetches, in bytes (default 100 MB); bigger ones answer 502. */
  PDF_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
});

/** The validated settings; STORAGE_DIR is always resolved to an absolute path. */
export type Config = z.output<typeof ZEnv> & { STORAGE_DIR: string };

/** Reads and validates the environment; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const storageDir = path.resolve(parsed.data.STORAGE_DIR ?? path.join(dataDir, 'files'));
  return { ...parsed.data, DATA_DIR: dataDir, STORAGE_DIR: storageDir };
}
