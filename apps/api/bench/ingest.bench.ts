import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../src/db/client';
import { createArxivHttp } from '../src/ingest/arxiv-http';
import { type ImportStrategy, importJsonLines } from '../src/ingest/bulk-import';
import { harvest } from '../src/ingest/harvester';
import { arxivFixture, startReplayServer } from '../src/ingest/replay-server';
import { packageRoot } from '../src/lib/package-paths';
import { createScratchDatabase } from './postgres';
import { DEFAULT_SCALE_SEED, DEFAULT_SCALE_SIZE } from './search-scale.bench';
import { syntheticCorpus } from './synthetic-corpus';

const SHIPPED = path.join(packageRoot, 'data', 'arxiv-metadata-sample-25k.jsonl.gz');
const PAGE = arxivFixture('oai-pmh/listrecords-arxivRaw-2016-387records-prettyprinted-with-token.xml');
const MB = 1024 * 1024;

interface Row {
  driver: string;
  what: string;
  count: number;
  ms: number;
  peakRssMb?: number;
  /** docs/ingest.md#importing-a-metadata-dump: how the import wrote (rebuild or in place), and its steps' times. */
  strategy?: ImportStrategy;
  phases?: Record<string, number>;
  /** The 1-minute load average when the row finished: the machine is shared, so read rates beside it. */
  load: number;
}

async function withDatabase<T>(
  driver: 'postgres' | 'pglite',
  adminUrl: string | undefined,
  work: (db: Database) => Promise<T>,
) {
  const scratch = driver === 'postgres' && adminUrl ? await createScratchDatabase(adminUrl) : undefined;
  // On disk, as the server runs it: an in-memory PGlite would count the whole database as RSS.
  const dataDir = scratch ? undefined : await mkdtemp(path.join(os.tmpdir(), 'ingest-bench-pglite-'));
  // docs/security.md#embedded-database-lock: a temp DATA_DIR of its own, locked like any other opener's.
  const database = openDatabase({ url: scratch?.url, dataDir, role: 'pnpm bench' });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Imports and samples RSS at every batch: flat peaks across file sizes show constant memory. Counts
 * the papers written or found unchanged (a re-run writes none and still reads, compares and upserts
 * every line).
 */
async function timedImport(
  database: Database,
  file: string,
  strategy: 'auto' | ImportStrategy = 'auto',
): Promise<Omit<Row, 'driver' | 'what' | 'load'>> {
  let peak = process.memoryUsage().rss;
  const summary = await importJsonLines(database.db, file, {
    strategy,
    onProgress: () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    },
  });
  return {
    count: summary.inserted + summary.updated + summary.unchanged,
    ms: summary.milliseconds,
    peakRssMb: Math.round(peak / MB),
    strategy: summary.strategy,
    phases: summary.phases,
  };
}

async function timedHarvest(database: Database, pages: number): Promise<{ count: number; ms: number }> {
  const server = await startReplayServer((params) => {
    const page = Number(params.get('resumptionToken') ?? 0) + 1;
    return PAGE.replace('1403493|1001', page < pages ? String(page) : '');
  });
  try {
    const started = performance.now();
    const summary = await harvest(database.db, {
      baseUrl: server.url,
      http: createArxivHttp({ intervalMs: 0 }),
      defaultFrom: '2016-10-20',
    });
    return { count: summary.records, ms: Math.round(performance.now() - started) };
  } finally {
    await server.close();
  }
}

const phaseText = (phases: Record<string, number> | undefined) =>
  phases
    ? Object.entries(phases)
        .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)}`)
        .join(', ')
    : '–';

/**
 * Bulk import rate (the shipped 25k file, and the synthetic corpus of bench/synthetic-corpus.ts for
 * rate at scale and memory), and harvester throughput on a replayed 387-record arXivRaw page, on
 * PostgreSQL (when databaseUrl is given) and PGlite. Every row carries the load average: the machine
 * is shared. On PostgreSQL the large file is imported as `auto` chooses (a rebuild into the empty table),
 * then again over itself (in place: every line found unchanged), and once more into an empty table
 * forced in place, the one-transaction path, for comparison.
 */
export async function runIngestBench(options: {
  databaseUrl?: string;
  log: (message: string) => void;
  syntheticSize?: number;
  harvestPages?: number;
}): Promise<{ title: string; markdown: string }> {
  const { databaseUrl, log, syntheticSize = DEFAULT_SCALE_SIZE, harvestPages = 20 } = options;
  const rows: Row[] = [];
  const load = () => Number((os.loadavg()[0] ?? 0).toFixed(1));
  // The search-at-scale bench's corpus (same size and seed: one cached file serves both).
  const { file: big } = await syntheticCorpus({ size: syntheticSize, seed: DEFAULT_SCALE_SEED, log });
  const bigText = `${syntheticSize.toLocaleString('en')} synthetic papers`;
  const drivers = databaseUrl ? (['postgres', 'pglite'] as const) : (['pglite'] as const);
  for (const driver of drivers) {
    const record = (what: string, result: Omit<Row, 'driver' | 'what' | 'load'>) => {
      log(
        `ingest: ${driver} ${what}: ${result.count} in ${result.ms} ms (${result.strategy} ${phaseText(result.phases)})`,
      );
      rows.push({ driver, what, ...result, load: load() });
    };
    const inFreshDatabase = (work: (database: Database) => Promise<void>) => withDatabase(driver, databaseUrl, work);
    await inFreshDatabase(async (database) =>
      record('import, shipped 25k file (empty table)', await timedImport(database, SHIPPED)),
    );
    await inFreshDatabase(async (database) => {
      record(`import, ${bigText} (empty table)`, await timedImport(database, big));
      if (driver === 'postgres') {
        record(`import again, ${bigText} over themselves`, await timedImport(database, big));
      }
    });
    if (driver === 'postgres') {
      await inFreshDatabase(async (database) =>
        record(`import, ${bigText} (empty table), forced in place`, await timedImport(database, big, 'in-place')),
      );
    }
    log(`ingest: ${driver} harvest of ${harvestPages} pages`);
    rows.push({
      driver,
      what: `harvest, ${harvestPages} replayed pages of 387 arXivRaw records`,
      ...(await withDatabase(driver, databaseUrl, (database) => timedHarvest(database, harvestPages))),
      load: load(),
    });
  }
  const table = rows.map(
    (row) =>
      `| ${row.driver} | ${row.what} | ${row.strategy ?? '–'} | ${row.count.toLocaleString('en')} | ${(row.ms / 1000).toFixed(1)} s | ${Math.round(row.count / (row.ms / 1000)).toLocaleString('en')}/s | ${phaseText(row.phases)} | ${row.peakRssMb ?? '–'} | ${row.load} |`,
  );
  const markdown = [
    '| driver | what | written as | papers / records | time | rate | steps (s) | peak RSS (MB) | load |',
    '| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: |',
    ...table,
  ].join('\n');
  return { title: 'Corpus ingestion', markdown };
}
