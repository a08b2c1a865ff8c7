import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { createAppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { type Db, openDatabase } from '../src/db/client';
import { loadCorpus } from '../src/ingest/corpus-loader';
import { RAISED_TEST_BUDGETS } from '../src/test-support/test-app';
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
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-bench-'));
  const database = openDatabase({ url: databaseUrl });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_CORPUS: 'false',
    JOBS_ENABLED: 'false',
    WEB_DIST: '/nonexistent',
    STORAGE_DIR: storageDir,
    // docs/security.md#rate-limits-and-quotas: the load comes from one IP; budgets stay on (their cost is measured), raised.
    ...RAISED_TEST_BUDGETS,
  });
  const app = await buildApp(createAppContext({ db: database.db, config }));
  const close = async () => {
    await app.close();
    await database.close();
    await rm(storageDir, { recursive: true, force: true });
  };
  try {
    await database.migrate();
    log(`${label}: loading the corpus…`);
    await loadCorpus(database.db, config.CORPUS_FILE);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { baseUrl: `http://127.0.0.1:${port}`, db: database.db, close };
  } catch (error) {
    await close();
    throw error;
  }
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
