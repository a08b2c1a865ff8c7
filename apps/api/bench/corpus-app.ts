import type { Db } from '../src/db/client';
import { loadCorpus } from '../src/ingest/corpus-loader';
import { startBenchApp } from './bench-app';
import { createScratchDatabase, serverVersion } from './postgres';

export interface CorpusApp {
  baseUrl: string;
  db: Db;
  close(): Promise<void>;
}

/**
 * The API in this process over the shipped 25k corpus, freshly loaded into `databaseUrl` (a scratch
 * database) or an in-memory PGlite, listening on a free port: what the latency benchmarks call.
 */
export async function startCorpusApp(
  label: string,
  databaseUrl: string | undefined,
  log: (message: string) => void,
): Promise<CorpusApp> {
  const app = await startBenchApp(databaseUrl, async ({ db, config }) => {
    log(`${label}: loading the corpus…`);
    await loadCorpus(db, config.CORPUS_FILE);
  });
  return { baseUrl: app.baseUrl, db: app.context.db, close: app.close };
}

/** Runs `bench` on embedded PGlite and, given `adminUrl`, on a scratch PostgreSQL database dropped afterwards. */
export async function onEachDriver<T>(
  adminUrl: string | undefined,
  bench: (label: string, databaseUrl: string | undefined) => Promise<T>,
): Promise<T[]> {
  const results = [await bench('PGlite (embedded)', undefined)];
  if (!adminUrl) return results;
  const scratch = await createScratchDatabase(adminUrl);
  try {
    results.push(await bench(await serverVersion(adminUrl), scratch.url));
  } finally {
    await scratch.drop();
  }
  return results;
}
