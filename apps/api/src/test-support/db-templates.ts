import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { loadCorpus } from '../ingest/corpus-loader';
import { isProcessAlive } from '../lib/process-alive';

/**
 * docs/testing.md: migrating a fresh database (and loading the fixture corpus) cost every test file
 * 4-9 s. The first createTestApp of a `vitest run` builds two templates, "migrated" and "seeded", once;
 * every later database is a copy: PGlite loads a dumped data directory (~0.6 s), PostgreSQL runs
 * `CREATE DATABASE … TEMPLATE`. The run's global setup (global-setup.ts) names where they live and
 * removes them at the end.
 */
export type TemplateKind = 'migrated' | 'seeded';

/** Where one vitest run keeps its templates: provided by global-setup.ts to every test file. */
export interface TemplateRun {
  /** Directory for the PGlite data-directory dumps (`<kind>.tar`). */
  dir: string;
  /** Prefix of this run's PostgreSQL template databases (`<prefix>_<kind>`). */
  postgresPrefix: string;
}

/** Waits for a PostgreSQL server to let go of a database's last backend, then runs `statement`. */
async function runWhenUnused(admin: pg.Client, statement: string) {
  // A closed pool's backends exit asynchronously; until then the database counts as in use (55006).
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(statement);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await sleep(100);
    }
  }
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function fillDatabase(database: ReturnType<typeof openDatabase>, kind: TemplateKind, corpusFile: string) {
  try {
    await database.migrate();
    if (kind === 'seeded') await loadCorpus(database.db, corpusFile);
  } finally {
    await database.close();
  }
}

/** Builds the PGlite dump of `kind` unless this run already has it; written under a temp name, then renamed. */
async function ensurePgliteTemplate(run: TemplateRun, kind: TemplateKind, corpusFile: string): Promise<string> {
  const file = path.join(run.dir, `${kind}.tar`);
  if (existsSync(file)) return file;
  const client = new PGlite({ extensions: { pg_trgm } });
  const database = openDatabase({ pglite: client });
  await database.migrate();
  if (kind === 'seeded') await loadCorpus(database.db, corpusFile);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}

const dumps = new Map<TemplateKind, Promise<Blob>>();

/** A fresh in-memory PGlite holding a copy of the run's `kind` template. */
export async function openPgliteCopy(run: TemplateRun, kind: TemplateKind, corpusFile: string): Promise<PGlite> {
  let dump = dumps.get(kind);
  if (!dump) {
    dump = ensurePgliteTemplate(run, kind, corpusFile).then(async (file) => new Blob([await readFile(file)]));
    dumps.set(kind, dump);
    dump.catch(() => dumps.delete(kind));
  }
  return PGlite.create({ loadDataDir: await dump, extensions: { pg_trgm } });
}

const postgresTemplates = new Map<TemplateKind, Promise<string>>();

/**
 * The name of the run's PostgreSQL template database of `kind`, built on first use. It is filled
 * under a temporary name and renamed when complete, so a run killed halfway never leaves a template
 * that later files would trust. Workers of one run may build it at once; the first rename wins.
 */
function ensurePostgresTemplate(adminUrl: string, run: TemplateRun, kind: TemplateKind, corpusFile: string) {
  let name = postgresTemplates.get(kind);
  if (!name) {
    name = (async () => {
      const final = `${run.postgresPrefix}_${kind}`;
      const exists = await withAdmin(adminUrl, async (admin) => {
        const found = await admin.query('select 1 from pg_database where datname = $1', [final]);
        return found.rowCount === 1;
      });
      if (exists) return final;
      const building = `${run.postgresPrefix}_${kind}_${randomBytes(3).toString('hex')}`;
      await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${building}`));
      try {
        await fillDatabase(openDatabase({ url: databaseUrl(adminUrl, building) }), kind, corpusFile);
        await withAdmin(adminUrl, (admin) => runWhenUnused(admin, `ALTER DATABASE ${building} RENAME TO ${final}`));
      } catch (error) {
        await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
        // Another worker of the run finished the same template first (42P04 duplicate_database): use its.
        if ((error as { code?: string }).code === '42P04') return final;
        throw error;
      }
      return final;
    })();
    postgresTemplates.set(kind, name);
    name.catch(() => postgresTemplates.delete(kind));
  }
  return name;
}

/** Creates `name` on the server of `adminUrl` as a copy of the run's `kind` template. */
export async function createPostgresCopy(
  adminUrl: string,
  name: string,
  run: TemplateRun,
  kind: TemplateKind,
  corpusFile: string,
) {
  const template = await ensurePostgresTemplate(adminUrl, run, kind, corpusFile);
  // Copying needs the template free of connections (55006 otherwise): nothing but this ever connects to it.
  await withAdmin(adminUrl, (admin) => runWhenUnused(admin, `CREATE DATABASE ${name} TEMPLATE ${template}`));
}

/**
 * Drops the template databases of runs whose process is gone (killed before its teardown), named
 * `paperbench_tpl_<pid>_…`; those of live runs are left alone, since runs may share one server.
 */
export async function dropAbandonedPostgresTemplates(adminUrl: string) {
  await withAdmin(adminUrl, async (admin) => {
    const found = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^paperbench_tpl_[0-9]+_'",
    );
    for (const { datname } of found.rows) {
      const pid = Number(datname.split('_')[2]);
      if (!isProcessAlive(pid)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}

/** Drops every PostgreSQL template database of a run (global teardown). */
export async function dropPostgresTemplates(adminUrl: string, prefix: string) {
  await withAdmin(adminUrl, async (admin) => {
    const found = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${prefix}\\_%`,
    ]);
    for (const { datname } of found.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
