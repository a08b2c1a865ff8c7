/**
 * Search at scale (`node --import tsx bench/run.ts --search-scale-only [--size 250k] [--seed N]
 * [--rounds N]`, PostgreSQL only: DATABASE_URL names the server): how POST /api/search/ and its
 * neighbours answer over a corpus 10× to 100× the shipped sample. A synthetic arXiv-like corpus of
 * `--size` papers (synthetic-corpus.ts; default 250,000, and 1M or 2.6M, the size of arXiv, are
 * reproduced the same way with `--size 1M` / `--size 2.6M`) is imported into a scratch database
 * through the bulk importer `pnpm ingest import` uses (importJsonLines), ANALYZEd, and the API is
 * started on it in this process. Then fixed requests of every kind (common and rare words, phrases,
 * OR, exclusions, filters, both sorts, deep pages, suggestions, a 50-paper folder's recommendations,
 * the monitor of five topics, the paper count) are sent one at a time through HTTP: one warm-up pass, then `--rounds` passes
 * interleaving every request, so a burst of load on the shared machine spreads over all kinds.
 *
 * Beside each request's HTTP latency stands the database's own time for it (sql-capture.ts): the
 * statements the request made the API send, each re-run as EXPLAIN (ANALYZE, TIMING OFF); their
 * summed execution time is what the database spent, the rest of the HTTP time is the API and the
 * wire. Everything goes through public routes and the importer's public function only, so the bench
 * measures whatever search SQL and schema are current. The scratch database is dropped afterwards, or
 * kept with `--keep-database` and reused by a later run with `--database NAME` (a 2.6M import takes most
 * of an hour here).
 */

import { openDatabase } from '../src/db/client';
import { importJsonLines } from '../src/ingest/bulk-import';
import { refreshCommonWindows } from '../src/modules/search/common-query-windows.service';
import { ensureSearchIndex } from '../src/modules/search/search-index.repo';
import { benchHardware } from './machine';
import { coldStart, createScratchDatabase, existingDatabase, serverVersion } from './postgres';
import { loadAverage, measureRequests } from './search-scale-measure';
import type { SearchScaleResult } from './search-scale-report';
import { explainConnection } from './sql-capture';
import { type SyntheticCorpus, syntheticCorpus } from './synthetic-corpus';

export const DEFAULT_SCALE_SIZE = 250_000;
export const DEFAULT_SCALE_SEED = 20261124;
const DEFAULT_ROUNDS = 10;

/** '250000', '250k', '1M', '2.6M' → a whole number of papers. */
export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim());
  const size = match ? Math.round(Number(match[1]) * ({ k: 1e3, m: 1e6 }[match[2]?.toLowerCase() ?? ''] ?? 1)) : NaN;
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`--size takes a number of papers such as 250000, 250k or 2.6M`);
  return size;
}

async function databaseSizes(url: string): Promise<{ databaseBytes: number; papersBytes: number; analyzeMs: number }> {
  const client = await explainConnection(url);
  try {
    const started = performance.now();
    await client.query('ANALYZE');
    const analyzeMs = Math.round(performance.now() - started);
    const { rows } = await client.query<{ database: string; papers: string }>(
      `select pg_database_size(current_database()) as database, pg_total_relation_size('papers') as papers`,
    );
    return { databaseBytes: Number(rows[0]?.database), papersBytes: Number(rows[0]?.papers), analyzeMs };
  } finally {
    await client.end();
  }
}

/**
 * The server's hourly job (jobs/definitions/common-search-windows.ts) ranks the corpus's common words
 * within a minute of starting on a new import; run here first, so the timed requests do not share the
 * machine with it, and timed. A database kept from an earlier run already has them (the job skips).
 */
async function rankCommonWords(url: string): Promise<Record<string, unknown>> {
  const database = openDatabase({ url, role: 'pnpm bench' });
  try {
    // A database kept by an earlier version of the code may lack this version's tables.
    await database.withStartupLock(() => database.migrate());
    const started = performance.now();
    const result = await refreshCommonWindows(database.db, { index: await ensureSearchIndex(database.db) });
    return { ...result, ms: Math.round(performance.now() - started) };
  } finally {
    await database.close();
  }
}

/** Import through the importer `pnpm ingest import` runs, on its own connection pool as the CLI does. */
async function importCorpus(url: string, file: string, log: (message: string) => void) {
  const database = openDatabase({ url, role: 'pnpm bench' });
  try {
    await database.withStartupLock(() => database.migrate());
    let lastLog = performance.now();
    const summary = await importJsonLines(database.db, file, {
      onProgress: ({ lines, bytesRead, totalBytes }) => {
        if (performance.now() - lastLog < 15_000) return;
        lastLog = performance.now();
        log(
          `search-scale: importing, ${lines.toLocaleString('en')} lines (${Math.round((100 * bytesRead) / totalBytes)}%)`,
        );
      },
    });
    if (summary.skipped > 0) {
      throw new Error(`the importer skipped ${summary.skipped} synthetic lines: ${JSON.stringify(summary.reasons)}`);
    }
    return summary;
  } finally {
    await database.close();
  }
}

/** The synthetic corpus of `size` papers, written or found cached (synthetic-corpus.ts). */
async function writtenCorpus(size: number, seed: number, log: (message: string) => void): Promise<SyntheticCorpus> {
  const corpus = await syntheticCorpus({ size, seed, log });
  log(
    `search-scale: corpus ${corpus.file} (${(corpus.bytes / 1024 ** 2).toFixed(0)} MB, ` +
      `${corpus.cached ? 'cached' : `written in ${(corpus.milliseconds / 1000).toFixed(1)} s`})`,
  );
  return corpus;
}

/** Imports the corpus into the scratch database, or says the kept one is reused (no corpus). */
async function importOrReuse(
  scratch: { name: string; url: string },
  corpus: SyntheticCorpus | undefined,
  database: string,
  log: (message: string) => void,
) {
  if (!corpus) {
    log(`search-scale: reusing ${scratch.name} (${database}), ANALYZE…`);
    return undefined;
  }
  log(`search-scale: importing ${corpus.size.toLocaleString('en')} papers into ${scratch.name} (${database})…`);
  const summary = await importCorpus(scratch.url, corpus.file, log);
  log(
    `search-scale: imported ${summary.inserted.toLocaleString('en')} in ${(summary.milliseconds / 1000).toFixed(1)} s ` +
      `(${summary.strategy}), ANALYZE…`,
  );
  return summary;
}

export async function runSearchScaleBench(options: {
  adminUrl: string | undefined;
  size?: number;
  seed?: number;
  rounds?: number;
  /** Keep the scratch database for later runs (`--keep-database`): a 2.6M import takes most of an hour. */
  keepDatabase?: boolean;
  /** Reuse a database an earlier run kept (`--database NAME`): no corpus is written or imported. */
  database?: string | undefined;
  /** `--cold`: PostgreSQL restarted and the OS page cache dropped just before the app starts (postgres.ts). */
  cold?: boolean;
  /** The server's warm-up after start (src/warm-up), awaited before the first request; `--no-warm-up`: none. */
  warmUp?: boolean;
  log: (message: string) => void;
}): Promise<SearchScaleResult> {
  const {
    adminUrl,
    size = DEFAULT_SCALE_SIZE,
    seed = DEFAULT_SCALE_SEED,
    rounds = DEFAULT_ROUNDS,
    keepDatabase = false,
    log,
  } = options;
  if (!adminUrl)
    throw new Error(
      '--search-scale runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    );
  const loadStart = loadAverage();
  const corpus = options.database ? undefined : await writtenCorpus(size, seed, log);
  const scratch = options.database
    ? existingDatabase(adminUrl, options.database)
    : await createScratchDatabase(adminUrl, { keep: keepDatabase });
  const kept = keepDatabase || options.database !== undefined;
  try {
    const database = await serverVersion(adminUrl);
    const summary = await importOrReuse(scratch, corpus, database, log);
    const sizes = await databaseSizes(scratch.url);
    const loadAfterImport = loadAverage();
    log('search-scale: ranking the common words, as the server does after an import (docs/search.md#common-words)…');
    const commonWords = await rankCommonWords(scratch.url);
    log(`search-scale: common words: ${JSON.stringify(commonWords)}`);
    if (options.cold) {
      log('search-scale: --cold: restarting PostgreSQL and dropping the OS page cache…');
      await coldStart(adminUrl);
    }
    const { papers, notes, ...measured } = await measureRequests(scratch.url, rounds, {
      warmUp: options.warmUp ?? true,
      log,
    });
    return {
      database,
      machine: benchHardware(),
      load: { start: loadStart, afterImport: loadAfterImport, end: loadAverage() },
      corpus,
      papers,
      ...(summary
        ? { import: { milliseconds: summary.milliseconds, strategy: summary.strategy, phases: summary.phases } }
        : {}),
      ...(kept ? { keptDatabase: scratch.name } : {}),
      ...sizes,
      commonWords,
      cold: options.cold ?? false,
      ...measured,
      notes,
    };
  } finally {
    if (kept) log(`search-scale: kept the database ${scratch.name} (reuse it with --database ${scratch.name})`);
    else await scratch.drop();
  }
}
