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

/** The items of a comma-separated list; blanks dropped. */
const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A comma-separated list; blanks dropped. */
const ZList = z.string().default('').transform(splitList);

/**
 * arXiv's top-level OAI-PMH sets: together, all of arXiv (physics holds astro-ph, cond-mat, hep-th, …
 * as sub-sets). docs/ingest.md#freshness: the daily harvest keeps them all fresh unless told otherwise.
 */
export const ARXIV_TOP_LEVEL_SETS = ['cs', 'econ', 'eess', 'math', 'physics', 'q-bio', 'q-fin', 'stat'] as const;

/**
 * HARVEST_SETS: unset means every top-level set; an explicit empty value (`HARVEST_SETS=`) means none,
 * which switches the harvest off. ZList cannot tell the two apart (its default is ''), hence its own rule.
 */
const ZHarvestSets = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? [...ARXIV_TOP_LEVEL_SETS] : splitList(value)));

/** Empty means unset (so `FOO=` in an env file switches a feature off). */
const zOptional = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(schema.optional())
    .optional();

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
/** How log lines are written: `pretty` for people at a terminal, `json` (one object a line) for machines. */
export type LogFormat = 'pretty' | 'json';

/** Every setting the server reads from its environment; the README's configuration table mirrors it. */
const ZEnv = z.object({
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
  /** Largest JSON request body, in bytes. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Uploaded and cached PDFs (content-addressed) live here; unset means `${DATA_DIR}/files`. */
  STORAGE_DIR: z.string().trim().min(1).optional(),
  /** Largest uploaded PDF, in bytes (default 50 MB); a bigger upload is refused with 413. */
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

  // docs/deploy.md#object-storage: PDFs in an S3-compatible bucket that every replica shares, instead of STORAGE_DIR.
  /** The bucket; set, uploaded and cached PDFs live there and STORAGE_DIR is not used for them. */
  S3_BUCKET: zOptional(z.string()),
  /** An S3-compatible server's URL (MinIO, …); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: zOptional(z.string().url()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Set with S3_SECRET_ACCESS_KEY; both unset: the AWS SDK's default credentials (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: zOptional(z.string()),
  S3_SECRET_ACCESS_KEY: zOptional(z.string()),
  /** Path-style URLs (endpoint/bucket/key), as MinIO wants; unset: true when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: zOptional(z.enum(['true', 'false'])).transform((value) =>
    value === undefined ? undefined : value === 'true',
  ),
  /** Every key goes under this prefix, so several apps can share one bucket; empty: the bucket's root. */
  S3_PREFIX: z
    .string()
    .trim()
    .default('')
    .transform((value) => value.replace(/^\/+|\/+$/g, '')),

  // Keeping the corpus fresh from arXiv (docs/ingest.md).
  /** arXiv's OAI-PMH endpoint (tests point it at a local server replaying real responses). */
  ARXIV_OAI_BASE_URL: z.string().url().default('https://oaipmh.arxiv.org/oai'),
  /** arXiv's API (Atom) endpoint, for fetching single papers the corpus lacks. */
  ARXIV_API_BASE_URL: z.string().url().default('https://export.arxiv.org/api/query'),
  /** Least time between two requests to arXiv (arXiv asks for at most one every 3 seconds). */
  ARXIV_REQUEST_INTERVAL_MS: z.coerce.number().int().min(0).default(3000),
  /** OAI-PMH sets the daily harvest keeps fresh, e.g. `cs,stat,math`; unset: all of arXiv; empty switches harvesting off. */
  HARVEST_SETS: ZHarvestSets,
  /** Fetch a paper from the arXiv API when a user opens or adds one the corpus lacks. */
  ARXIV_FETCH_MISSING: zFlag(true),
  // docs/security.md#outbound-requests-to-arxiv (polite to arXiv): requests waiting for an arXiv slot, in this process and as
  // time ahead in the schedule all replicas share; one more is refused with 503 and Retry-After.
  ARXIV_MAX_WAITING: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * docs/ai.md#full-text-and-passages: fetch the PDFs of arXiv and ACL papers users work with (through the PDF proxy's
   * cache, on the work queue) to read their full text; off, those papers keep status 'none'.
   */
  FULL_TEXT_FETCH: zFlag(true),

  // docs/grants.md: the grant sources of `pnpm ingest grants` (tests point them at local servers replaying real responses).
  /** NIH RePORTER API (POST /v2/projects/search). */
  NIH_REPORTER_BASE_URL: z.string().url().default('https://api.reporter.nih.gov'),
  /** NSF Award Search API (GET /services/v1/awards.json). */
  NSF_AWARDS_BASE_URL: z.string().url().default('https://api.nsf.gov'),
  /** Grants.gov Applicant API (POST /v1/api/search2). */
  GRANTS_GOV_BASE_URL: z.string().url().default('https://api.grants.gov'),

  // Scheduled jobs (harvest, digests): every API process runs the scheduler; job_runs claims a slot once.
  JOBS_ENABLED: zFlag(true),
  /** How often the scheduler looks for due work, in milliseconds. */
  JOBS_TICK_MS: z.coerce.number().int().min(100).default(60_000),
  /** UTC hour after which the daily harvest and the digests of the day run. */
  DAILY_JOBS_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(6),

  // docs/queue.md (queue): the durable work queue (jobs/queue) and the limits of PDF text extraction.
  /** How often every process polls queue_jobs for due work (an enqueue also wakes its own process at once). */
  QUEUE_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Jobs one process runs at once, all kinds together (each kind may allow fewer). */
  QUEUE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Finished (done or failed) queue_jobs rows are deleted after this many days. */
  QUEUE_RETENTION_DAYS: z.coerce.number().int().min(1).default(7),
  /** PDFs one process extracts at once, each on its own worker thread. */
  EXTRACTION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Heap cap of one extraction worker thread, in MB: a PDF needing more fails with that reason. */
  EXTRACTION_MAX_HEAP_MB: z.coerce.number().int().min(16).default(512),
  /** Wall-clock budget of one document's extraction: past it the worker is terminated and the PDF fails. */
  EXTRACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** A PDF that declares more pages than this is refused before any page is read. */
  EXTRACTION_MAX_PAGES: z.coerce.number().int().min(1).default(2000),
  /** A PDF whose text is longer than this many characters is refused (not truncated). */
  EXTRACTION_MAX_TEXT_CHARS: z.coerce.number().int().min(1000).default(5_000_000),
  /** Inflated bytes a PDF's compressed streams may add up to (flate bombs), checked before pdf.js parses it. */
  EXTRACTION_MAX_INFLATED_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(256 * 1024 * 1024),

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

  // docs/security.md#rate-limits-and-quotas (limits): named rate-limit budgets, quotas, retention, statement timeout, mail abuse.
  /** false switches every request budget off (quotas and mail limits stay). */
  RATE_LIMIT_ENABLED: zFlag(true),
  /** Fastify trustProxy: false, true, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
  TRUST_PROXY: z.string().trim().default('false').transform(parseTrustProxy),
  /** Redis for the rate-limit counters of all replicas; unset keeps them in PostgreSQL (rate_limit_counters). */
  REDIS_URL: zOptional(z.string().url()),
  /** Prefix of every Redis key this app writes (several apps may share one Redis). */
  REDIS_KEY_PREFIX: z.string().default('paperbench:rl:'),
  RATE_LIMIT_GET_ID_PER_HOUR: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_UPLOAD_PER_HOUR: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_PDF_PROXY_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_MAIL_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WRITE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_AI_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** docs/collaboration.md: comments written or deleted (papers and shared folders) per IP and per user a minute. */
  RATE_LIMIT_COMMENT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** docs/ai.md#budgets: model calls one user may make per day (all AI routes together); counted per user only. */
  RATE_LIMIT_AI_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(500),
  /** Google sign-ins (POST /api/auth/google-login) per IP and per user an hour. */
  RATE_LIMIT_SIGN_IN_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Bytes one user's uploads may hold in total (default 1 GB). */
  USER_UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024 * 1024),
  USER_FOLDER_QUOTA: z.coerce.number().int().min(1).default(1000),
  USER_SHARE_LIST_QUOTA: z.coerce.number().int().min(1).default(1000),
  /** docs/security.md#rate-limits-and-quotas: chat sessions one user may hold (review sessions have their own bound). */
  USER_CHAT_SESSION_QUOTA: z.coerce.number().int().min(1).default(1000),
  /** docs/collaboration.md: comments one user may write in 24 hours (papers and shared folders together). */
  USER_COMMENT_QUOTA_PER_DAY: z.coerce.number().int().min(1).default(200),
  /** docs/collaboration.md: emails one shared folder may give a role to. */
  FOLDER_MEMBER_QUOTA: z.coerce.number().int().min(1).default(200),
  PAGE_VIEW_RETENTION_DAYS: z.coerce.number().int().min(1).default(400),
  SEARCH_QUERY_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /**
   * Finished job_runs rows older than this are deleted; the newest done run of each job stays, whatever
   * its age: it is the corpus's "updated" (docs/security.md#rate-limits-and-quotas).
   */
  JOB_RUN_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Longest one SQL statement may run (0: no limit); bulk import and corpus load lift it for themselves. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /** Confirmation mails one address may receive per day (docs/security.md#mail). */
  MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(1),
  /** Mails sent on users' request (confirmations, contact forwards) per hour, all replicas together. */
  MAIL_MAX_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** Bearer token of the operator routes (GET /api/operator/messages); unset: those routes answer 404. */
  OPERATOR_TOKEN: zOptional(z.string().min(16)),

  // docs/security.md#sessions (sessions): ids that end, and short-lived signed PDF URLs instead of ?uid=.
  /** An X-User-ID unused for longer than this many days is refused with 401 (refreshed on use). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(400),
  /** HMAC key of signed PDF URLs; set the same value on every replica. Unset: generated under DATA_DIR. */
  PDF_URL_SECRET: zOptional(z.string().min(32, 'must be at least 32 characters')),
  /** How long a signed PDF URL stays valid, in seconds. */
  PDF_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),

  // README: Google sign-in (docs/security.md#sessions). No GOOGLE_CLIENT_ID: sign-in is off (the route answers 501).
  /** The OAuth client id (Web application) ID tokens must be issued for (their `aud`). */
  GOOGLE_CLIENT_ID: zOptional(z.string()),
  /** Google's signing keys (JWKS), fetched and cached; tests point it at a local server. */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** The Google Identity Services script the web app loads; its origin joins the CSP when sign-in is on. */
  GOOGLE_GSI_SCRIPT_URL: ZOriginUrl.default('https://accounts.google.com/gsi/client'),

  // docs/ai.md: the one model layer (apps/api/src/ai). No LLM_BASE_URL: extractive (offline) mode.
  /** An OpenAI-compatible API's base URL, ending in /v1 (OpenAI, Ollama, vLLM, llama.cpp's server). */
  LLM_BASE_URL: zOptional(z.string().url()),
  /** Sent as `Authorization: Bearer …`; local servers usually need none. */
  LLM_API_KEY: zOptional(z.string()),
  /** The chat model's name as the server knows it; required with LLM_BASE_URL. */
  LLM_MODEL: zOptional(z.string()),
  /** How structured output is asked for, since local servers differ (docs/ai.md#structured-output). */
  LLM_STRUCTURED_OUTPUT: z.enum(['json_schema', 'json_object', 'none']).default('json_schema'),
  /** The embeddings API's base URL; unset: LLM_BASE_URL. */
  EMBEDDING_BASE_URL: zOptional(z.string().url()),
  /** Key of EMBEDDING_BASE_URL; LLM_API_KEY is only reused when embeddings go to the LLM's own server. */
  EMBEDDING_API_KEY: zOptional(z.string()),
  /** The embedding model's name; unset: no embeddings (retrieval is lexical only). */
  EMBEDDING_MODEL: zOptional(z.string()),
  /** Longest one model call may take, streaming included, in milliseconds. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** Model calls (chat, structured, embeddings) this process makes at once; more wait their turn. */
  LLM_MAX_CONCURRENT: z.coerce.number().int().min(1).max(256).default(4),

  // docs/security.md#browser-headers (browser): security headers and compression.
  /**
   * Origins added to the Content Security Policy's script-src, style-src, connect-src and frame-src
   * (comma-separated, e.g. an identity provider's script host); empty: self only.
   */
  CSP_TRUSTED_ORIGINS: ZList.pipe(z.array(ZOriginUrl.transform((value) => new URL(value).origin))),
  /** API responses at least this many bytes are compressed (br or gzip, as the client accepts). */
  COMPRESS_THRESHOLD_BYTES: z.coerce.number().int().min(0).default(1024),
});

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: boolean, a list of addresses/CIDRs, or for a hop
 * count n the function Fastify itself builds from a number (trust the n hops nearest the server).
 */
function parseTrustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** docs/ai.md: an endpoint without a model name (or embeddings with nowhere to send them) is a mistake, not a mode. */
function requireModelWithEndpoint(env: z.output<typeof ZEnv>, ctx: z.RefinementCtx) {
  if (env.LLM_BASE_URL && !env.LLM_MODEL)
    ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'required when LLM_BASE_URL is set' });
  if (env.EMBEDDING_MODEL && !(env.EMBEDDING_BASE_URL ?? env.LLM_BASE_URL))
    ctx.addIssue({
      code: 'custom',
      path: ['EMBEDDING_BASE_URL'],
      message: 'EMBEDDING_MODEL needs EMBEDDING_BASE_URL or LLM_BASE_URL',
    });
}

/**
 * docs/deploy.md: half an S3 key pair, S3 settings without a bucket (files would silently stay on one replica's
 * disk), or a read replica beside the embedded database are mistakes, not modes.
 */
function requireCoherentScaleOut(env: z.output<typeof ZEnv>, ctx: z.RefinementCtx) {
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID))
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when other S3_* settings are set' });
  if (env.DATABASE_READ_URL && !env.DATABASE_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_READ_URL'],
      message: 'needs DATABASE_URL (the embedded database has no replicas)',
    });
}

/** The validated settings; STORAGE_DIR is always resolved to an absolute path, LOG_FORMAT to the one in use. */
export type Config = Omit<z.output<typeof ZEnv>, 'LOG_FORMAT'> & {
  STORAGE_DIR: string;
  PUBLIC_URL: string;
  S3_FORCE_PATH_STYLE: boolean;
  LOG_FORMAT: LogFormat;
};

/**
 * Reads and validates the environment; a bad value stops the server with a message naming it. `isTTY`
 * (whether stdout is a terminal) picks the log format when LOG_FORMAT is unset.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { isTTY = process.stdout.isTTY === true }: { isTTY?: boolean } = {},
): Config {
  const parsed = ZEnv.superRefine(requireModelWithEndpoint).superRefine(requireCoherentScaleOut).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const storageDir = path.resolve(parsed.data.STORAGE_DIR ?? path.join(dataDir, 'files'));
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  // MinIO and most self-hosted S3 servers answer path-style requests only; AWS prefers virtual-hosted.
  const forcePathStyle = parsed.data.S3_FORCE_PATH_STYLE ?? parsed.data.S3_ENDPOINT !== undefined;
  return {
    ...parsed.data,
    DATA_DIR: dataDir,
    STORAGE_DIR: storageDir,
    PUBLIC_URL: publicUrl,
    S3_FORCE_PATH_STYLE: forcePathStyle,
    LOG_FORMAT: parsed.data.LOG_FORMAT ?? (isTTY ? 'pretty' : 'json'),
  };
}
