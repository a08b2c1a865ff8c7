import { createAiModel } from './ai/create-ai-model';
import type { AiModel } from './ai/model';
import type { Config } from './config';
import type { Db } from './db/client';
import { queueJobDefinitions } from './jobs/queue/definitions';
import { createJobQueue, type JobQueue } from './jobs/queue/queue-runner';
import { resolvePdfUrlSecret } from './lib/pdf-url-secret';
import { createMailer, type Mailer } from './mail/mailer';
import { createPdfUrlSigner, type PdfUrlSigner } from './modules/pdfs/signed-pdf-url';
import { createPdfTextExtractor, type PdfTextExtractor, pdfTextLimitsFrom } from './modules/uploads/pdf-text-worker';
import { type CounterStore, createPgCounterStore, createRedisCounterStore } from './rate-limit/counter-store';
import type { FileStorage } from './storage/file-storage';
import { LocalFileStorage } from './storage/local-file-storage';

/** What every module needs from the running app; passed to router factories explicitly. */
export interface AppContext {
  db: Db;
  config: Config;
  /** Uploaded and cached PDFs, stored once per content hash. */
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
}

/** The context of one server process: the local file storage of STORAGE_DIR, its queue poller and PDF workers. */
export function createAppContext({ db, config }: Pick<AppContext, 'db' | 'config'>): AppContext {
  const storage = new LocalFileStorage(config.STORAGE_DIR);
  const context: AppContext = {
    db,
    config,
    storage,
    // docs/queue.md: handlers get this context, so the queue reads it lazily.
    queue: createJobQueue(() => context, queueJobDefinitions, {
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
  };
  return context;
}
