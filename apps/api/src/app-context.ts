import { createAiModel } from './ai/create-ai-model';
import type { AiModel } from './ai/model';
import type { Config } from './config';
import { type Db, openDatabase } from './db/client';
import type { AnyJobDefinition } from './jobs/job-definition';
import { createJobQueue, type JobQueue } from './jobs/queue/queue-runner';
import { resolvePdfUrlSecret } from './lib/pdf-url-secret';
import { createMailer, type Mailer } from './mail/mailer';
import { createPdfUrlSigner, type PdfUrlSigner } from './modules/pdfs/signed-pdf-url';
import { createTermStatsCache, type TermStatsSource } from './modules/recommendations/term-stats';
import { createPdfTextExtractor, type PdfTextExtractor, pdfTextLimitsFrom } from './modules/uploads/pdf-text-worker';
import { type CounterStore, createPgCounterStore, createRedisCounterStore } from './rate-limit/counter-store';
import type { FileStorage } from './storage/file-storage';
import { LocalFileStorage } from './storage/local-file-storage';
import { createS3FileStorage } from './storage/s3-file-storage';

/** What every module needs from the running app; passed to router factories explicitly. */
export interface AppContext {
  db: Db;
  /**
   * docs/deploy.md#read-replica: where search and the paper list read; the PostgreSQL of DATABASE_READ_URL, or `db`
   * itself when that is unset. Only for reads that may lag the primary a little.
   */
  readDb: Db;
  /** Closes the read replica's connections, if this context opened any (the app does, on close). */
  closeReadDb(): Promise<void>;
  config: Config;
  /** Uploaded and cached PDFs, stored once per content hash: local disk, or the S3 bucket of S3_BUCKET. */
  storage: FileStorage;
  /** docs/queue.md: this process's poller of the durable work queue (queue_jobs); wake() it after an enqueue commits. */
  queue: JobQueue;
  /** docs/security.md#work-queue-and-pdf-limits: PDF text extraction on worker threads under the EXTRACTION_* limits. */
  pdfText: PdfTextExtractor;
  /** SMTP mail (docs/email.md): confirmations, digests, contact; disabled when SMTP_HOST is unset. */
  mailer: Mailer;
  /** docs/security.md#sessions: short-lived signed URLs of uploaded PDFs (instead of ?uid=). */
  pdfUrls: PdfUrlSigner;
  /** docs/security.md#rate-limits-and-quotas: rate-limit and mail counters shared by all replicas (PostgreSQL, or Redis). */
  counters: CounterStore;
  /** docs/ai.md: the one model layer; mode 'extractive' when no LLM_BASE_URL is configured. */
  ai: AiModel;
  /** docs/recommendations.md#term-statistics: the corpus' lexeme frequencies, loaded once per process. */
  termStats: TermStatsSource;
}

/**
 * The context of one server process: its file storage (STORAGE_DIR, or the S3 bucket every replica shares), the
 * read replica's pool, its queue poller and PDF workers. `jobs` is the job registry (jobs/definitions), handed
 * in by the composition root (docs/queue.md#job-definitions): the queue runs its queued kinds.
 */
export function createAppContext({
  db,
  config,
  jobs,
}: Pick<AppContext, 'db' | 'config'> & { jobs: readonly AnyJobDefinition<AppContext>[] }): AppContext {
  const { S3_BUCKET } = config;
  const storage = S3_BUCKET ? createS3FileStorage({ ...config, S3_BUCKET }) : new LocalFileStorage(config.STORAGE_DIR);
  const replica = config.DATABASE_READ_URL
    ? openDatabase({ url: config.DATABASE_READ_URL, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS })
    : undefined;
  const context: AppContext = {
    db,
    readDb: replica?.db ?? db,
    closeReadDb: async () => replica?.close(),
    config,
    storage,
    // docs/queue.md: handlers get this context, so the queue reads it lazily.
    queue: createJobQueue(() => context, jobs, {
      pollMs: config.QUEUE_POLL_MS,
      concurrency: config.QUEUE_CONCURRENCY,
      retentionDays: config.QUEUE_RETENTION_DAYS,
    }),
    pdfText: createPdfTextExtractor({ limits: pdfTextLimitsFrom(config), concurrency: config.EXTRACTION_CONCURRENCY }),
    mailer: createMailer(config),
    pdfUrls: createPdfUrlSigner({
      secret: () => resolvePdfUrlSecret({ secret: config.PDF_URL_SECRET, dataDir: config.DATA_DIR }),
      ttlSeconds: config.PDF_URL_TTL_SECONDS,
    }),
    counters: config.REDIS_URL
      ? createRedisCounterStore(config.REDIS_URL, config.REDIS_KEY_PREFIX)
      : createPgCounterStore(db),
    ai: createAiModel(config),
    termStats: createTermStatsCache(db),
  };
  return context;
}
