/**
 * The API in this process with no model configured (offline mode, docs/ai.md), on a fresh in-memory
 * PGlite or the given scratch PostgreSQL database, listening on a free port. Built here rather than
 * with src/test-support/test-app.ts, whose database templates need a running Vitest.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { type AppContext, createAppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { jobDefinitions } from '../src/jobs/definitions';
import { RAISED_TEST_BUDGETS } from '../src/test-support/test-app';

export interface BenchApp {
  baseUrl: string;
  context: AppContext;
  close(): Promise<void>;
}

/**
 * `prepare` runs after the migrations and before the app listens (e.g. loading the corpus). No
 * LLM_BASE_URL unless `aiEnv` names one (`pnpm eval` passes the operator's model settings): extractive
 * mode. Nothing else leaves 127.0.0.1 (no arXiv, no remote PDFs).
 */
export async function startBenchApp(
  databaseUrl: string | undefined,
  prepare?: (context: AppContext) => Promise<void>,
  aiEnv: Record<string, string | undefined> = {},
): Promise<BenchApp> {
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-bench-'));
  const database = openDatabase({ url: databaseUrl });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_CORPUS: 'false',
    JOBS_ENABLED: 'false',
    ARXIV_FETCH_MISSING: 'false',
    FULL_TEXT_FETCH: 'false',
    WEB_DIST: '/nonexistent',
    STORAGE_DIR: storageDir,
    // docs/security.md#rate-limits-and-quotas: every request comes from one user and one IP; budgets stay on, raised.
    ...RAISED_TEST_BUDGETS,
    ...aiEnv,
  });
  const context = createAppContext({ db: database.db, config, jobs: jobDefinitions });
  const app = await buildApp(context);
  const close = async () => {
    await app.close();
    await database.close();
    await rm(storageDir, { recursive: true, force: true });
  };
  try {
    await database.migrate();
    await prepare?.(context);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { baseUrl: `http://127.0.0.1:${port}`, context, close };
  } catch (error) {
    await close();
    throw error;
  }
}
