import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type Database, openDatabase } from '../src/db/client';
import { createArxivHttp } from '../src/ingest/arxiv-http';
import { importJsonLines } from '../src/ingest/bulk-import';
import { harvest } from '../src/ingest/harvester';
import { readJsonLines } from '../src/ingest/json-lines';
import { arxivFixture, startReplayServer } from '../src/ingest/replay-server';
import { packageRoot } from '../src/lib/package-paths';
import { createScratchDatabase } from './postgres';

const SHIPPED = path.join(packageRoot, 'data', 'arxiv-metadata-sample-25k.jsonl.gz');
const PAGE = arxivFixture('oai-pmh/listrecords-arxivRaw-2016-387records-prettyprinted-with-token.xml');
const MB = 1024 * 1024;

interface Row {
  driver: string;
  what: string;
  count: number;
  ms: number;
  peakRssMb?: number;
}

/** The shipped records written `copies` times with fresh ids: a big dump without a big download. */
async function writeRekeyedDump(file: string, copies: number): Promise<number> {
  let lines = 0;
  async function* generate() {
    for (let copy = 0; copy < copies; copy += 1) {
      for await (const entry of readJsonLines(SHIPPED)) {
        if (!('value' in entry)) continue;
        const record = entry.value as { id: string };
        lines += 1;
        yield `${JSON.stringify({ ...record, id: `bench${copy}/${record.id}` })}\n`;
      }
    }
  }
  await pipeline(generate(), createGzip(), createWriteStream(file));
  return lines;
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

/** Imports and samples RSS at every batch: flat peaks across file sizes show constant memory. */
async function timedImport(
  database: Database,
  file: string,
): Promise<{ count: number; ms: number; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const summary = await importJsonLines(database.db, file, {
    onProgress: () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    },
  });
  return { count: summary.inserted + summary.updated, ms: summary.milliseconds, peakRssMb: Math.round(peak / MB) };
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

/**
 * Bulk import rate (the shipped 25k file, and a larger re-keyed stream for memory), and harvester
 * throughput on a replayed 387-record arXivRaw page, on PostgreSQL (when databaseUrl is given) and
 * PGlite.
 */
export async function runIngestBench(options: {
  databaseUrl?: string;
  log: (message: string) => void;
  syntheticCopies?: number;
  harvestPages?: number;
}): Promise<{ title: string; markdown: string }> {
  const { databaseUrl, log, syntheticCopies = 10, harvestPages = 20 } = options;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ingest-bench-'));
  const rows: Row[] = [];
  try {
    const big = path.join(dir, 'rekeyed.jsonl.gz');
    log(`ingest: writing a ${syntheticCopies}× re-keyed dump`);
    const bigLines = await writeRekeyedDump(big, syntheticCopies);
    const drivers = databaseUrl ? (['postgres', 'pglite'] as const) : (['pglite'] as const);
    for (const driver of drivers) {
      for (const [what, file] of [
        ['import, shipped 25k file (empty table)', SHIPPED],
        [`import, ${bigLines.toLocaleString('en')} re-keyed lines (empty table)`, big],
      ] as const) {
        log(`ingest: ${driver} ${what}`);
        rows.push({
          driver,
          what,
          ...(await withDatabase(driver, databaseUrl, (database) => timedImport(database, file))),
        });
      }
      log(`ingest: ${driver} harvest of ${harvestPages} pages`);
      rows.push({
        driver,
        what: `harvest, ${harvestPages} replayed pages of 387 arXivRaw records`,
        ...(await withDatabase(driver, databaseUrl, (database) => timedHarvest(database, harvestPages))),
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const table = rows.map(
    (row) =>
      `| ${row.driver} | ${row.what} | ${row.count.toLocaleString('en')} | ${(row.ms / 1000).toFixed(1)} s | ${Math.round(row.count / (row.ms / 1000)).toLocaleString('en')}/s | ${row.peakRssMb ?? '–'} |`,
  );
  const markdown = [
    '| driver | what | papers / records | time | rate | peak RSS (MB) |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...table,
  ].join('\n');
  return { title: 'Corpus ingestion', markdown };
}
