import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type AppContext, createAppContext } from '../app-context';
import { loadConfig } from '../config';
import { type Database, type Db, openDatabase } from '../db/client';
import { loadCorpus } from '../ingest/corpus-loader';
import { jobDefinitions } from '../jobs/definitions';
import { packageRoot } from '../lib/package-paths';
import { createPostgresCopy, openPgliteCopy, type TemplateKind } from './db-templates';

export type Driver = 'pglite' | 'postgres';

/** The 200-paper fixture drawn from the shipped corpus (round-robin over archives). */
export const FIXTURE_CORPUS = path.join(packageRoot, 'test', 'fixtures', 'arxiv-metadata-sample-200.jsonl');

/** Budgets high enough for any suite (docs/security.md#rate-limits-and-quotas); rate-limit tests pass their own small ones in env. */
export const RAISED_TEST_BUDGETS: Record<string, string> = {
  RATE_LIMIT_GET_ID_PER_HOUR: '100000',
  RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
  RATE_LIMIT_UPLOAD_PER_HOUR: '100000',
  RATE_LIMIT_PDF_PROXY_PER_MINUTE: '100000',
  RATE_LIMIT_MAIL_PER_HOUR: '100000',
  RATE_LIMIT_WRITE_PER_MINUTE: '100000',
  RATE_LIMIT_AI_PER_MINUTE: '100000',
  RATE_LIMIT_COMMENT_PER_MINUTE: '100000',
  RATE_LIMIT_ANNOTATION_PER_MINUTE: '100000',
  RATE_LIMIT_READING_PER_MINUTE: '100000',
  RATE_LIMIT_AI_PER_USER_PER_DAY: '100000',
  RATE_LIMIT_SIGN_IN_PER_HOUR: '100000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '100000',
  CONTACT_RATE_LIMIT_PER_HOUR: '100000',
  MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '100000',
  MAIL_MAX_PER_HOUR: '100000',
};

/** PGlite always; PostgreSQL too when DATABASE_URL names a server (CI sets it). */
export function testDrivers(): Driver[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * PGlite only, even with DATABASE_URL: for a file that tests behaviour above the SQL, whose queries
 * other files run on both drivers (docs/testing.md#which-drivers; driver-coverage.test.ts checks that
 * every repository keeps such a file).
 */
export function pgliteOnly(): Driver[] {
  return ['pglite'];
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The app's context: its config, file storage (a fresh temp STORAGE_DIR) and extraction queue. */
  context: AppContext;
  close(): Promise<void>;
}

/** This run's template place, from global-setup.ts; undefined when run under another config. */
function templateRun() {
  return inject('dbTemplates');
}

/**
 * A throwaway database on the server of DATABASE_URL, dropped again by the returned cleanup: empty,
 * or a copy of this run's migrated (and seeded) template (docs/testing.md).
 */
export async function createScratchDatabase({
  template,
}: {
  template?: TemplateKind;
} = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `paperbench_test_${randomBytes(6).toString('hex')}`;
  const run = template ? templateRun() : undefined;
  if (template && run) {
    await createPostgresCopy(adminUrl, name, run, template, FIXTURE_CORPUS);
  } else {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    if (template) await prepare(openDatabase({ url: urlOf(adminUrl, name) }), template);
  }
  return {
    url: urlOf(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function urlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates (and seeds) a database the slow way, then closes it: without this run's templates. */
async function prepare(database: Database, template: TemplateKind) {
  try {
    await database.migrate();
    if (template === 'seeded') await loadCorpus(database.db, FIXTURE_CORPUS);
  } finally {
    await database.close();
  }
}

/** A fresh database of `driver` holding the migrated (and seeded) schema: a copy of this run's template. */
async function openTestDatabase(driver: Driver, template: TemplateKind) {
  if (driver === 'postgres') {
    const scratch = await createScratchDatabase({ template });
    return { database: openDatabase({ url: scratch.url }), drop: scratch.drop };
  }
  const run = templateRun();
  if (run) return { database: openDatabase({ pglite: await openPgliteCopy(run, template, FIXTURE_CORPUS) }) };
  const database = openDatabase({});
  await database.migrate();
  if (template === 'seeded') await loadCorpus(database.db, FIXTURE_CORPUS);
  return { database };
}

/** docs/ai.md: the model layer pointed at a local server (fake-llm-server.ts); without it the app is in extractive mode. */
export interface TestLlm {
  /** e.g. FakeLlmServer.baseUrl */
  baseUrl: string;
  model?: string;
  /** Set to turn embeddings on (served by the same base URL). */
  embeddingModel?: string;
}

const llmEnv = ({ baseUrl, model = 'fake-chat', embeddingModel }: TestLlm): Record<string, string> => ({
  LLM_BASE_URL: baseUrl,
  LLM_MODEL: model,
  ...(embeddingModel ? { EMBEDDING_MODEL: embeddingModel } : {}),
});

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
    llm,
  }: { seed?: boolean; webDist?: string; env?: Record<string, string>; llm?: TestLlm } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase(driver, seed ? 'seeded' : 'migrated');
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-files-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: webDist,
    SEED_CORPUS: 'false',
    STORAGE_DIR: storageDir,
    // Tests never reach arXiv; a test of the on-demand fetch points ARXIV_API_BASE_URL at its own server.
    ARXIV_FETCH_MISSING: 'false',
    // Nor arXiv's or ACL's PDFs: a test of full text turns FULL_TEXT_FETCH on with its own PDF server.
    FULL_TEXT_FETCH: 'false',
    // Nor harvest (its default is all of arXiv): a harvest test names its sets and its own OAI-PMH server.
    HARVEST_SETS: '',
    // Nor Zotero (its default is api.zotero.org): a Zotero import test names its own fake; any other
    // request (the contract fuzz's) is refused at once by a closed local port.
    ZOTERO_API_BASE_URL: 'http://127.0.0.1:9',
    // A fixed key, so no test writes a generated one under the working directory's DATA_DIR.
    PDF_URL_SECRET: 'test-only-pdf-url-secret-0123456789abcdef',
    // docs/security.md#rate-limits-and-quotas: suites send many requests from one IP; budgets stay on, raised (limit tests set small ones).
    ...RAISED_TEST_BUDGETS,
    ...(llm ? llmEnv(llm) : {}),
    ...env,
  });
  const context = createAppContext({ db: database.db, config, jobs: jobDefinitions });
  const app = await buildApp(context);
  await app.ready();
  return {
    app,
    db: database.db,
    context,
    close: async () => {
      await app.close();
      await database.close();
      await drop?.();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** Issues a user through the API, as the web client does. */
export async function issueUserId(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/user/get_id' });
  return response.json().user_id;
}
