import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type AppContext, createAppContext } from '../app-context';
import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { loadCorpus } from '../ingest/corpus-loader';
import { packageRoot } from '../lib/package-paths';

export type Driver = 'pglite' | 'postgres';

/** The 200-paper fixture drawn from the shipped corpus (round-robin over archives). */
export const FIXTURE_CORPUS = path.join(packageRoot, 'test', 'fixtures', 'arxiv-metadata-sample-200.jsonl');

/** PGlite always; PostgreSQL too when DATABASE_URL names a server (CI sets it). */
export function testDrivers(): Driver[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The app's context: its config, file storage (a fresh temp STORAGE_DIR) and extraction queue. */
  context: AppContext;
  close(): Promise<void>;
}

/** A throwaway database on the server of DATABASE_URL, dropped again by the returned cleanup. */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `paperbench_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fully wired app on a fresh, migrated database of the given driver, optionally seeded with the
 * fixture corpus. Requests go through app.inject: real routing, parsing, validation and SQL.
 */
export async function createTestApp(
  driver: Driver,
  {
    seed = true,
    webDist = '/nonexistent',
    env = {},
  }: { seed?: boolean; webDist?: string; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const scratch = driver === 'postgres' ? await createScratchDatabase() : undefined;
  const database = openDatabase({ url: scratch?.url });
  await database.migrate();
  if (seed) await loadCorpus(database.db, FIXTURE_CORPUS);
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-files-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: webDist,
    SEED_CORPUS: 'false',
    STORAGE_DIR: storageDir,
    // Tests never reach arXiv; a test of the on-demand fetch points ARXIV_API_BASE_URL at its own server.
    ARXIV_FETCH_MISSING: 'false',
    ...env,
  });
  const context = createAppContext({ db: database.db, config });
  const app = await buildApp(context);
  await app.ready();
  return {
    app,
    db: database.db,
    context,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** Issues a user through the API, as the web client does. */
export async function issueUserId(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/user/get_id' });
  return response.json().user_id;
}
