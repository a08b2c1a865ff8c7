import { buildApp } from './app';
import { createAppContext } from './app-context';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { importProgressView } from './ingest/bulk-import';
import { seedCorpusIfEmpty } from './ingest/corpus-loader';
import { seedGrantsIfEmpty } from './ingest/grants/grants-loader';
import { jobDefinitions } from './jobs/definitions';
import { startScheduler } from './jobs/scheduler';
import { createProgressReporter } from './lib/progress-reporter';
import { backfillCleanText } from './modules/passages/clean-stored-text';
import { backfillReferences } from './modules/references/references.service';
import { ensureSearchIndex } from './modules/search/search-index.repo';
import { recoverUploads } from './modules/uploads/upload-recovery';
import { warmUp } from './warm-up/warm-up';

/** Start-up: config → database → migrations → first-start corpus → upload recovery → jobs → HTTP. */
async function main() {
  const config = loadConfig();
  // docs/security.md#embedded-database-lock: on the embedded database this takes the DATA_DIR lock as 'server'.
  const database = openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    role: 'server',
    // docs/security.md#rate-limits-and-quotas: no request's query runs longer; bulk work lifts it for its own transaction.
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  const context = createAppContext({ db: database.db, config, jobs: jobDefinitions });
  const app = await buildApp(context);

  await database.withStartupLock(async () => {
    await database.migrate();
    // docs/search.md#plans: RUM where the server has it (created now if the extension appeared since the migration).
    app.log.info({ index: await ensureSearchIndex(database.db) }, 'search ranks with this index');
    if (!config.SEED_CORPUS) return;
    app.log.info({ file: config.CORPUS_FILE }, 'checking the corpus (a first start loads it)');
    // A bar on a terminal, a few plain lines in CI and container logs; nothing when there is nothing to load.
    const corpusProgress = createProgressReporter({ label: 'Loading corpus', unit: 'papers' });
    const loaded = await seedCorpusIfEmpty(database.db, config.CORPUS_FILE, {
      onProgress: (progress) => corpusProgress.update(importProgressView(progress)),
    }).finally(corpusProgress.stop);
    if (loaded) app.log.info(loaded, 'corpus loaded');
    // docs/grants.md#seeding: the shipped grants sample, on first start too (a few seconds).
    const grantsProgress = createProgressReporter({ label: 'Loading grants', unit: 'grants' });
    const grants = await seedGrantsIfEmpty(database.db, config.GRANTS_FILE, {
      onProgress: grantsProgress.update,
    }).finally(grantsProgress.stop);
    if (grants) app.log.info(grants, 'grants loaded');
  });

  // Before listening: a temp file now can only be a write that a crash or kill interrupted.
  const recovered = await recoverUploads(context);
  if (recovered.tempFilesRemoved || recovered.textsRequeued) app.log.info(recovered, 'recovered interrupted uploads');
  const referencesQueued = await backfillReferences(context);
  if (referencesQueued) app.log.info({ referencesQueued }, 'reference lists to parse from stored texts');
  const cleaningQueued = await backfillCleanText(context);
  if (cleaningQueued) app.log.info({ cleaningQueued }, 'stored texts to cut again into clean passages');

  const scheduler = config.JOBS_ENABLED
    ? startScheduler(context, jobDefinitions, { tickMs: config.JOBS_TICK_MS, log: app.log })
    : undefined;

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await scheduler?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('://127.0.0.1', '://localhost');
  app.log.info(`Paperbench is running at ${url} (API docs: ${url}/api/docs, database: ${database.driver})`);
  console.log(`\n  Paperbench is ready: ${url}\n`);

  // docs/deploy.md#warm-up-after-a-start: in the background, so requests are served meanwhile.
  warmUp(context).then((steps) => {
    for (const { step, ms, detail, error } of steps) {
      if (error) app.log.warn({ step, ms, error }, 'warm-up: a step failed; the first request that needs it does it');
      else app.log.info({ step, ms, ...detail }, 'warm-up: done');
    }
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
