/**
 * `pnpm bench` for the API (after `turbo run build`): first-start corpus load, search latency through
 * HTTP and GET /api/papers throughput, on PGlite and, when DATABASE_URL is set, on PostgreSQL.
 * Prints a markdown report. Exits non-zero only when something failed, never on a slow number.
 *
 *   node --import tsx bench/run.ts [--json <file>] [--server <path/to/dist/main.js>] [--library | --library-only]
 *
 * --discovery appends the discovery section (bulk import and harvest rates, suggestion and
 * recommendation latency: bench/*.bench.ts); --discovery-only runs just that section.
 * --library appends the library section (upload-to-text-ready, server memory while receiving 5 and
 * 50 MB uploads: bench/library-*.ts); --library-only runs just that section.
 * --qa appends the grounded-QA section (offline chat over the five fixture PDFs: gold page cited,
 * fabricated citations, abstentions, time to first delta: bench/qa-grounding.bench.ts); --qa-only
 * runs just that section.
 * --streams appends the streamed research tools section (time to first event of stream_rws, chat_rwg and
 * ideas/stream_generate offline: bench/streams.bench.ts); --streams-only runs just that section.
 * --relevance appends the known-item search section (MRR and success@10 of 300 fixed papers found by a
 * title phrase and by abstract words: bench/known-item.bench.ts); --relevance-only runs just that section.
 * --search-scale appends search at scale on PostgreSQL (DATABASE_URL): a synthetic corpus of --size papers
 * (default 250k; --size 1M or --size 2.6M reproduce the larger runs, --seed N another corpus, --rounds N,
 * --keep-database keeps the imported database and --database NAME reuses it; --cold drops the OS page cache
 * and restarts a local PostgreSQL before the app starts, --no-warm-up skips the server's warm-up after start),
 * imported by the bulk importer, every kind of search timed through HTTP beside its SQL's EXPLAIN ANALYZE
 * time: bench/search-scale.bench.ts; --search-scale-only runs just that section.
 * --pdf-metadata appends metadata read from PDFs (title, authors F1, year, DOI/arXiv id per split: tuning,
 * held-out, the older fixtures: bench/pdf-metadata.bench.ts); --pdf-metadata-only runs just that section.
 * --references appends the reference-parsing section (20 PDFs of test/fixtures/pdfs-meta against gold.jsonl,
 * tuning and held-out splits: bench/references.bench.ts); --references-only runs just that section.
 * --clean-text appends text artefacts in passages before and after cleaning (the five CC-BY fixtures it was
 * tuned on, the 20 PDFs of test/fixtures/pdfs-meta held out: bench/clean-text.bench.ts); --clean-text-only
 * runs just that section.
 * --annotations appends the annotation list's and counts' latency (500 marks on one paper, 200 papers
 * counted: bench/annotations.bench.ts); --annotations-only runs just that section.
 * --mcp appends what the MCP layer costs (search_papers and ask_papers over POST /mcp against their routes
 * called directly: bench/mcp.bench.ts); --mcp-only runs just that section.
 * --json writes every number (and the per-query latencies) to a file; --server benchmarks another
 * build of the API, e.g. a branch checked out and built elsewhere, instead of this one's dist/main.js.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderAnnotationsReport, runAnnotationsBench } from './annotations.bench';
import { renderCleanTextReport, runCleanTextBench } from './clean-text.bench';
import { runCleanups } from './cleanup';
import { runDiscoveryBench } from './discovery-report';
import { measureGrantSearch } from './grant-search.bench';
import { BenchClient } from './http-client';
import { renderKnownItemReport, runKnownItemBench } from './known-item.bench';
import { type LibraryResult, renderLibraryReport, runLibraryBench } from './library-report';
import { benchHardware } from './machine';
import { renderMcpReport, runMcpBench } from './mcp.bench';
import { renderPdfMetadataReport, runPdfMetadataBench } from './pdf-metadata.bench';
import { createScratchDatabase, serverVersion } from './postgres';
import { renderQaReport, runQaBench } from './qa/qa-report';
import { runReferencesBench } from './references.bench';
import { renderReferencesReport } from './references-report';
import { type DriverResult, type MachineInfo, renderReport } from './report';
import { measureConcurrentSearch, measureListing, measureSearch } from './scenarios';
import { parseSize, runSearchScaleBench } from './search-scale.bench';
import { renderSearchScaleReport } from './search-scale-report';
import { defaultServerEntry, startServer } from './server';
import { ms } from './stats';
import { renderStreamsReport, runStreamsBench } from './streams.bench';

const log = (message: string) => console.error(`[bench] ${message}`);

function machineInfo(): MachineInfo {
  return {
    ...benchHardware(),
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    loadBefore: os.loadavg()[0] ?? 0,
  };
}

async function benchDriver(entry: string, databaseUrl: string | undefined): Promise<DriverResult> {
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : undefined;
  const label = databaseUrl ? await serverVersion(databaseUrl) : 'PGlite (embedded)';
  log(`${label}: starting the server on a fresh ${scratch ? `database ${scratch.name}` : 'DATA_DIR'}…`);
  const server = await startServer({ databaseUrl: scratch?.url, entry });
  const client = new BenchClient(server.baseUrl, 8);
  try {
    log(
      `${label}: corpus loaded (${server.corpus.inserted} papers in ${server.corpus.milliseconds} ms), ` +
        `answering after ${ms(server.readyMs)} ms`,
    );
    const papers = JSON.parse((await client.expectOk('GET', '/api/papers/count')).body) as unknown;
    if (typeof papers !== 'number' || papers <= 0) throw new Error(`GET /api/papers/count answered ${papers}`);

    const search = [];
    for (const sort of ['relevance', 'date'] as const) {
      log(`${label}: search latency, sort=${sort}…`);
      const result = await measureSearch(client, sort);
      log(`${label}: sort=${sort} p50 ${ms(result.latency.p50)} ms, p95 ${ms(result.latency.p95)} ms`);
      search.push(result);
    }
    const grantSearch = [];
    for (const sort of ['relevance', 'amount'] as const) {
      log(`${label}: grant search latency, sort=${sort}…`);
      const result = await measureGrantSearch(client, sort);
      log(`${label}: grants sort=${sort} p50 ${ms(result.latency.p50)} ms, p95 ${ms(result.latency.p95)} ms`);
      grantSearch.push(result);
    }
    log(`${label}: GET /api/papers throughput…`);
    const listing = await measureListing(client, papers);
    log(`${label}: 20 concurrent searchers…`);
    const concurrent = await measureConcurrentSearch(server.baseUrl);
    log(`${label}: concurrent p99 ${ms(concurrent.latency.p99)} ms, probe p99 ${ms(concurrent.probe.p99)} ms`);
    return {
      driver: server.driver,
      label,
      papers,
      corpus: server.corpus,
      bootMs: server.bootMs,
      readyMs: server.readyMs,
      search,
      grantSearch,
      listing,
      concurrent,
    };
  } finally {
    client.close();
    await server.stop();
    await scratch?.drop();
  }
}

async function main() {
  const option = (name: string) => {
    const index = process.argv.indexOf(name);
    if (index === -1) return undefined;
    const value = process.argv[index + 1];
    if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
    return value;
  };
  const jsonFile = option('--json');
  const entry = path.resolve(option('--server') ?? defaultServerEntry);
  // The metadata and reference sections read fixture PDFs in this process, and search at scale starts the app in
  // this process: they need no built server.
  const serverless = ['--pdf-metadata-only', '--references-only', '--clean-text-only', '--search-scale-only'].some(
    (flag) => process.argv.includes(flag),
  );
  if (!serverless && !existsSync(entry)) {
    throw new Error(`${entry} is missing: build first (pnpm --filter @paperbench/api build, or pnpm bench)`);
  }
  if (entry !== defaultServerEntry) log(`benchmarking ${entry}`);
  const only = (
    [
      '--library-only',
      '--discovery-only',
      '--qa-only',
      '--streams-only',
      '--relevance-only',
      '--search-scale-only',
      '--pdf-metadata-only',
      '--references-only',
      '--clean-text-only',
      '--annotations-only',
      '--mcp-only',
    ] as const
  ).find((flag) => process.argv.includes(flag));
  const wants = (
    section:
      | 'library'
      | 'discovery'
      | 'qa'
      | 'streams'
      | 'relevance'
      | 'search-scale'
      | 'pdf-metadata'
      | 'references'
      | 'clean-text'
      | 'annotations'
      | 'mcp',
  ) => (only ? only === `--${section}-only` : process.argv.includes(`--${section}`));
  const withLibrary = wants('library');
  const withDiscovery = wants('discovery');
  const withQa = wants('qa');
  const withStreams = wants('streams');
  const withRelevance = wants('relevance');
  const withSearchScale = wants('search-scale');
  const withPdfMetadata = wants('pdf-metadata');
  const withReferences = wants('references');
  const withCleanText = wants('clean-text');
  const withAnnotations = wants('annotations');
  const withMcp = wants('mcp');
  const size = option('--size');
  const seed = option('--seed');
  const rounds = option('--rounds');
  const onlySection = only !== undefined;
  const machine = machineInfo();
  const results: DriverResult[] = [];
  if (!onlySection) {
    results.push(await benchDriver(entry, undefined));
    const databaseUrl = process.env.DATABASE_URL?.trim();
    if (databaseUrl) results.push(await benchDriver(entry, databaseUrl));
    else log('DATABASE_URL is not set: PostgreSQL skipped');
  }
  const library: LibraryResult | undefined = withLibrary ? await runLibraryBench(entry, log) : undefined;
  const discovery = withDiscovery ? await runDiscoveryBench(log) : undefined;
  const qa = withQa ? await runQaBench(log) : undefined;
  const streams = withStreams ? await runStreamsBench(log) : undefined;
  const relevance = withRelevance ? await runKnownItemBench(log) : undefined;
  const pdfMetadata = withPdfMetadata ? await runPdfMetadataBench(log) : undefined;
  const searchScale = withSearchScale
    ? await runSearchScaleBench({
        adminUrl: process.env.DATABASE_URL?.trim() || undefined,
        size: size ? parseSize(size) : undefined,
        seed: seed ? Number(seed) : undefined,
        rounds: rounds ? Number(rounds) : undefined,
        keepDatabase: process.argv.includes('--keep-database'),
        database: option('--database'),
        cold: process.argv.includes('--cold'),
        warmUp: !process.argv.includes('--no-warm-up'),
        log,
      })
    : undefined;
  const references = withReferences ? await runReferencesBench(log) : undefined;
  const cleanText = withCleanText ? await runCleanTextBench(log) : undefined;
  const annotations = withAnnotations ? await runAnnotationsBench(log) : undefined;
  const mcp = withMcp ? await runMcpBench(log) : undefined;

  machine.loadAfter = os.loadavg()[0];
  const date = new Date().toISOString().slice(0, 10);
  if (!onlySection) console.log(renderReport(machine, results, date));
  if (library) console.log(renderLibraryReport(machine, library, date));
  if (discovery) console.log(`## Discovery, ${date}\n\n${discovery}`);
  if (qa) console.log(renderQaReport(machine, qa, date));
  if (streams) console.log(renderStreamsReport(streams, date));
  if (relevance) console.log(renderKnownItemReport(relevance, date));
  if (searchScale) console.log(renderSearchScaleReport(searchScale, date));
  if (pdfMetadata) console.log(renderPdfMetadataReport(pdfMetadata, date));
  if (references) console.log(renderReferencesReport(references, date));
  if (annotations) console.log(renderAnnotationsReport(annotations, date));
  if (mcp) console.log(renderMcpReport(mcp, date));
  if (cleanText) console.log(renderCleanTextReport(cleanText, date));
  if (jsonFile)
    await writeFile(
      jsonFile,
      `${JSON.stringify({ date, machine, results, library, discovery, qa, streams, relevance, searchScale, pdfMetadata, references, cleanText, annotations, mcp }, null, 2)}\n`,
    );
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    log(`${signal}: stopping servers and dropping scratch databases…`);
    void runCleanups().finally(() => process.exit(130));
  });
}

main()
  .then(() => runCleanups())
  .catch(async (error: unknown) => {
    // After Ctrl-C the signal handler owns the exit; the error is only the interrupted work.
    if (interrupted) return;
    console.error(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await runCleanups();
    process.exit(1);
  });
