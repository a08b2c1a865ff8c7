import path from 'node:path';
import { z } from 'zod';
import { packageRoot } from './lib/package-paths';

/** An http(s) URL of which only the origin counts (scheme, host, port): the PDF proxy's allow-list. */
const ZOriginUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http or https URL');

/** 'true' or 'false' in the environment, a boolean in the config. */
const zFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true');

/** A comma-separated list; blanks dropped. */
const ZList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** Empty means unset (so `FOO=` in an env file switches a feature off). */
const zOptional = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(schema.optional())
    .optional();

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Every setting the server reads from its environment; the README's configuration table mirrors it. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Embedded database files and (later) uploaded PDFs live here. */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** PostgreSQL connection string; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: zOptional(z.string().url()),
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
  SEED_CORPUS: zFlag(true),
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

  // Issue 4: keeping the corpus fresh from arXiv.
  /** arXiv's OAI-PMH endpoint (tests point it at a local server replaying real responses). */
  ARXIV_OAI_BASE_URL: z.string().url().default('https://oaipmh.arxiv.org/oai'),
  /** arXiv's API (Atom) endpoint, for fetching single papers the corpus lacks. */
  ARXIV_API_BASE_URL: z.string().url().default('https://export.arxiv.org/api/query'),
  /** Least time between two requests to arXiv (arXiv asks for at most one every 3 seconds). */
  ARXIV_REQUEST_INTERVAL_MS: z.coerce.number().int().min(0).default(3000),
  /** OAI-PMH sets the daily harvest keeps fresh, e.g. `cs,stat,math`; empty switches harvesting off. */
  HARVEST_SETS: ZList,
  /** Fetch a paper from the arXiv API when a user opens or adds one the corpus lacks. */
  ARXIV_FETCH_MISSING: zFlag(true),

  // Scheduled jobs (harvest, digests): every API process runs the scheduler; job_runs claims a slot once.
  JOBS_ENABLED: zFlag(true),
  /** How often the scheduler looks for due work, in milliseconds. */
  JOBS_TICK_MS: z.coerce.number().int().min(100).default(60_000),
  /** UTC hour after which the daily harvest and the digests of the day run. */
  DAILY_JOBS_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(6),

  // Mail (email digests, subscription confirmations, contact form). No SMTP_HOST: nothing is mailed.
  SMTP_HOST: zOptional(z.string()),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  SMTP_SECURE: zFlag(false),
  SMTP_USER: zOptional(z.string()),
  SMTP_PASSWORD: zOptional(z.string()),
  MAIL_FROM: z.string().min(3).default('Paperbench <no-reply@localhost>'),
  /** Where contact-form messages are mailed; unset keeps them in the database only. */
  OPERATOR_EMAIL: zOptional(z.string().email()),
  /** The address users reach the app at, for links in mails; default http://localhost:PORT. */
  PUBLIC_URL: zOptional(z.string().url()),
  /** Contact-form messages one user may send per hour. */
  CONTACT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
});

/** The validated settings; STORAGE_DIR is always resolved to an absolute path. */
export type Config = z.output<typeof ZEnv> & { STORAGE_DIR: string; PUBLIC_URL: string };

/** Reads and validates the environment; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const storageDir = path.resolve(parsed.data.STORAGE_DIR ?? path.join(dataDir, 'files'));
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, DATA_DIR: dataDir, STORAGE_DIR: storageDir, PUBLIC_URL: publicUrl };
}
