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
import os from 'node:os';
import { openDatabase } from '../src/db/client';
import { importJsonLines } from '../src/ingest/bulk-import';
import { refreshCommonWindows } from '../src/modules/search/common-query-windows.service';
import { ensureSearchIndex } from '../src/modules/search/search-index.repo';
import { startBenchApp } from './bench-app';
import { onCleanup } from './cleanup';
import { BenchClient } from './http-client';
import { createScratchDatabase, existingDatabase, serverVersion } from './postgres';
import { table } from './report';
import { captureStatements, type ExplainedStatement, explainConnection, explainRequest } from './sql-capture';
import { type LatencySummary, ms, summarize } from './stats';
import { type SyntheticCorpus, syntheticCorpus } from './synthetic-corpus';

export const DEFAULT_SCALE_SIZE = 250_000;
export const DEFAULT_SCALE_SEED = 20261124;
const DEFAULT_ROUNDS = 10;
/** The timed passes stop early past this, so a pathological build still finishes. */
const TIMED_BUDGET_MS = 15 * 60_000;
const REQUEST_TIMEOUT_MS = 120_000;
/** docs/security.md#rate-limits-and-quotas: the server's default DB_STATEMENT_TIMEOUT_MS (the bench app has none). */
const SERVER_STATEMENT_TIMEOUT_MS = 15_000;
const FOLDER_SIZE = 50;

interface SearchBody {
  query: string;
  sort?: 'relevance' | 'date';
  offset?: number;
  categories?: string[];
  from?: string;
  to?: string;
}

const words = (queries: string[], extra: Omit<SearchBody, 'query'> = {}) =>
  queries.map((query) => ({ query, ...extra }));

/** The fixed searches, by kind; words chosen by their document frequency in the shipped sample. */
const SEARCH_KINDS: { kind: string; bodies: SearchBody[] }[] = [
  { kind: 'common word', bodies: words(['graph', 'model', 'learning']) },
  // 1-5 papers of the 25k sample each, so about size / 25k × that in the synthetic corpus.
  { kind: 'rare word', bodies: words(['quasicrystal', 'tachyon', 'glioma', 'spintronics']) },
  { kind: 'two words', bodies: words(['neural network', 'dark matter', 'black hole']) },
  { kind: 'quoted phrase', bodies: words(['"phase transition"', '"neural network"', '"monte carlo"']) },
  { kind: 'OR', bodies: words(['graph OR network', 'neutrino OR neutrinos', 'galaxy OR cosmology']) },
  { kind: 'exclusion (-term)', bodies: words(['quantum -classical', 'learning -deep', 'model -graph']) },
  {
    kind: 'category filter',
    bodies: [
      { query: 'model', categories: ['cs.LG'] },
      { query: 'graph', categories: ['math'] },
      { query: 'quantum', categories: ['quant-ph'] },
    ],
  },
  {
    kind: 'date filter',
    bodies: [
      { query: 'learning', from: '2018-01-01' },
      { query: 'model', from: '2010-01-01', to: '2012-12-31' },
      { query: 'graph', to: '2005-12-31' },
    ],
  },
  { kind: 'date sort', bodies: words(['graph', 'model', 'learning'], { sort: 'date' }) },
  {
    kind: 'deep page, offset 300',
    bodies: [...words(['model', 'learning'], { offset: 300 }), { query: 'graph', sort: 'date', offset: 300 }],
  },
  {
    kind: 'deep page, offset 900',
    bodies: [...words(['model', 'learning'], { offset: 900 }), { query: 'graph', sort: 'date', offset: 900 }],
  },
];

/** Prefixes as a user types them (search-suggestions.bench.ts types every one; a spread is enough here). */
const SUGGESTION_QUERIES = ['graph neural network', 'quantum entanglement', 'dark matter halo'];
const SUGGESTION_LENGTHS = [1, 2, 3, 4, 6, 9, 12, 20];

const describe = ({ query, sort, offset, categories, from, to }: SearchBody) =>
  [
    `\`${query}\``,
    categories ? `in ${categories.join(', ')}` : '',
    from ? `from ${from}` : '',
    to ? `to ${to}` : '',
    sort === 'date' ? 'by date' : '',
    offset ? `offset ${offset}` : '',
  ]
    .filter(Boolean)
    .join(' · ');

interface Answer {
  status: number;
  body: string;
  ms: number;
}

interface Probe {
  kind: string;
  label: string;
  send: () => Promise<Answer>;
  /** What the answer found, for the report (a search's total, the number of suggestions …). */
  found: (body: unknown) => number | undefined;
}

export interface ProbeResult {
  kind: string;
  label: string;
  /** Set when the API answered 4xx: the kind is reported as refused and not timed. */
  refused?: string;
  firstMs: number;
  found?: number;
  /** docs/search.md#plans: the index search ranked with ('rum' or 'gin'), for searches. */
  index?: string;
  samples: number[];
  latency: LatencySummary;
  /** The read statements the request sent, explained (sql-capture.ts: writes are not re-run). */
  statements: ExplainedStatement[];
  sqlMs: number;
}

export interface KindResult {
  kind: string;
  probes: ProbeResult[];
  latency: LatencySummary;
  /** Per request of the kind, the summed execution time of its statements: median and largest. */
  sqlP50: number;
  sqlMax: number;
}

export interface SearchScaleResult {
  database: string;
  machine: { cpu: string; cores: number; memoryGiB: number; node: string };
  load: { start: number; afterImport: number; end: number };
  /** Undefined when the run reused a kept database (`--database`). */
  corpus?: SyntheticCorpus;
  papers: number;
  /** Undefined when the run reused a database an earlier run kept (`--database`). */
  import?: { milliseconds: number; strategy: string; phases: Record<string, number> };
  /** The database's name when it was kept (`--keep-database`) or reused (`--database`); else it was dropped. */
  keptDatabase?: string;
  analyzeMs: number;
  /** What ranking the common words in the background did (refreshCommonWindows), and its time. */
  commonWords: Record<string, unknown>;
  databaseBytes: number;
  papersBytes: number;
  rounds: number;
  truncated: boolean;
  indexes: string[];
  kinds: KindResult[];
  notes: string[];
}

/** '250000', '250k', '1M', '2.6M' → a whole number of papers. */
export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim());
  const size = match ? Math.round(Number(match[1]) * ({ k: 1e3, m: 1e6 }[match[2]?.toLowerCase() ?? ''] ?? 1)) : NaN;
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`--size takes a number of papers such as 250000, 250k or 2.6M`);
  return size;
}

async function fetchAnswer(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

const json = (answer: Answer, what: string): unknown => {
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  return JSON.parse(answer.body) as unknown;
};

/** The five topics the monitor row's user follows: four subjects and one arXiv category. */
const MONITOR_TOPICS = [
  'graph neural networks',
  'quantum entanglement',
  'dark matter',
  'reinforcement learning',
  'cs.LG',
];

/**
 * The signed-in rows, built through the public routes the web client uses: a folder of FOLDER_SIZE
 * quant-ph papers (get_id, create folder, add file) for recommendations, and five followed topics for
 * the monitor. A row whose setup a route refuses is left out with the reason noted, not the bench.
 */
async function signedInProbes(baseUrl: string, notes: string[]): Promise<Probe[]> {
  const { user_id: token } = json(
    await fetchAnswer(`${baseUrl}/api/user/get_id`, { method: 'POST' }),
    'POST /api/user/get_id',
  ) as { user_id: string };
  const headers = { 'content-type': 'application/json', 'X-User-ID': token };
  const post = async (path: string, body: unknown) =>
    json(
      await fetchAnswer(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
      `POST ${path}`,
    );
  const get = (url: string) => () => fetchAnswer(url, { headers: { 'X-User-ID': token } });
  const probes: Probe[] = [];
  try {
    const folder = (await post('/api/folders/', { name: 'search-scale bench' })) as { id: number };
    const found = (await post('/api/search/', {
      query: 'quantum entanglement',
      categories: ['quant-ph'],
      limit: FOLDER_SIZE,
    })) as { results: { platform: string; paper_id: string }[] };
    for (const paper of found.results) {
      await post(`/api/folders/${folder.id}/files`, { platform: paper.platform, paper_id: paper.paper_id });
    }
    const papers = found.results.length;
    probes.push({
      kind: `recommendations (${papers}-paper folder)`,
      label: `GET /api/recommendations/folder/{id}?limit=10 (${papers} quant-ph papers)`,
      send: get(`${baseUrl}/api/recommendations/folder/${folder.id}?limit=10`),
      found: (body) => (body as { papers?: unknown[] }).papers?.length,
    });
  } catch (error) {
    notes.push(`recommendations skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    for (const topic of MONITOR_TOPICS) await post('/api/topics', { topic });
    probes.push({
      kind: `monitor (${MONITOR_TOPICS.length} topics)`,
      label: `GET /api/monitor (${MONITOR_TOPICS.join(', ')})`,
      send: get(`${baseUrl}/api/monitor`),
      found: (body) =>
        (body as { topics?: { papers: unknown[] }[] }).topics?.reduce((sum, topic) => sum + topic.papers.length, 0),
    });
  } catch (error) {
    notes.push(`monitor skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
  return probes;
}

function probes(client: BenchClient): Probe[] {
  const timeout = REQUEST_TIMEOUT_MS;
  const searches = SEARCH_KINDS.flatMap(({ kind, bodies }) =>
    bodies.map(
      (body): Probe => ({
        kind,
        label: describe(body),
        send: () => client.request('POST', '/api/search/', { sort: 'relevance', ...body }, timeout),
        found: (answer) => (answer as { total?: number }).total,
      }),
    ),
  );
  const prefixes = SUGGESTION_QUERIES.flatMap((query) =>
    [...new Set(SUGGESTION_LENGTHS.map((length) => query.slice(0, length)))].map(
      (prefix): Probe => ({
        kind: 'search suggestions',
        label: `\`${prefix}\``,
        send: () =>
          client.request(
            'GET',
            `/api/conversational/search_suggestions?q=${encodeURIComponent(prefix)}`,
            undefined,
            timeout,
          ),
        found: (answer) => (answer as { suggestions?: unknown[] }).suggestions?.length,
      }),
    ),
  );
  const count: Probe = {
    kind: 'paper count',
    label: 'GET /api/papers/count',
    send: () => client.request('GET', '/api/papers/count', undefined, timeout),
    found: (answer) => (typeof answer === 'number' ? answer : undefined),
  };
  return [...searches, ...prefixes, count];
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

export async function runSearchScaleBench(options: {
  adminUrl: string | undefined;
  size?: number;
  seed?: number;
  rounds?: number;
  /** Keep the scratch database for later runs (`--keep-database`): a 2.6M import takes most of an hour. */
  keepDatabase?: boolean;
  /** Reuse a database an earlier run kept (`--database NAME`): no corpus is written or imported. */
  database?: string | undefined;
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
  const cpus = os.cpus();
  const machine = {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
  };
  const load = () => os.loadavg()[0] ?? 0;
  const loadStart = load();
  const notes: string[] = [];

  const corpus = options.database ? undefined : await syntheticCorpus({ size, seed, log });
  if (corpus) {
    log(
      `search-scale: corpus ${corpus.file} (${(corpus.bytes / 1024 ** 2).toFixed(0)} MB, ` +
        `${corpus.cached ? 'cached' : `written in ${(corpus.milliseconds / 1000).toFixed(1)} s`})`,
    );
  }
  const scratch = options.database
    ? existingDatabase(adminUrl, options.database)
    : await createScratchDatabase(adminUrl, { keep: keepDatabase });
  const kept = keepDatabase || options.database !== undefined;
  try {
    const database = await serverVersion(adminUrl);
    let summary: Awaited<ReturnType<typeof importCorpus>> | undefined;
    if (corpus) {
      log(`search-scale: importing ${size.toLocaleString('en')} papers into ${scratch.name} (${database})…`);
      summary = await importCorpus(scratch.url, corpus.file, log);
      log(
        `search-scale: imported ${summary.inserted.toLocaleString('en')} in ${(summary.milliseconds / 1000).toFixed(1)} s ` +
          `(${summary.strategy}), ANALYZE…`,
      );
    } else {
      log(`search-scale: reusing ${scratch.name} (${database}), ANALYZE…`);
    }
    const sizes = await databaseSizes(scratch.url);
    const loadAfterImport = load();
    log('search-scale: ranking the common words, as the server does after an import (docs/search.md#common-words)…');
    const commonWords = await rankCommonWords(scratch.url);
    log(`search-scale: common words: ${JSON.stringify(commonWords)}`);

    const app = await startBenchApp(scratch.url);
    const closeApp = onCleanup(() => app.close());
    const client = new BenchClient(app.baseUrl, 1);
    const explainer = await explainConnection(scratch.url);
    try {
      const papers = json(
        await client.request('GET', '/api/papers/count', undefined, REQUEST_TIMEOUT_MS),
        'GET /api/papers/count',
      ) as number;
      const all = [...probes(client), ...(await signedInProbes(app.baseUrl, notes))];

      log(`search-scale: warm-up, ${all.length} requests…`);
      const results = new Map<Probe, ProbeResult>();
      const indexes = new Set<string>();
      for (const probe of all) {
        const answer = await probe.send();
        const result: ProbeResult = {
          kind: probe.kind,
          label: probe.label,
          firstMs: answer.ms,
          samples: [],
          latency: summarize([]),
          statements: [],
          sqlMs: Number.NaN,
        };
        if (answer.status >= 400 && answer.status < 500) {
          result.refused = `${answer.status} ${answer.body.slice(0, 160)}`;
          log(`search-scale: ${probe.kind} ${probe.label} refused: ${result.refused}`);
        } else {
          const body = json(answer, `${probe.kind} ${probe.label}`) as { ranking?: { index?: string } };
          result.found = probe.found(body);
          if (body?.ranking?.index) {
            result.index = body.ranking.index;
            indexes.add(body.ranking.index);
          }
        }
        results.set(probe, result);
      }

      const timed = all.filter((probe) => !results.get(probe)?.refused);
      log(`search-scale: ${rounds} rounds of ${timed.length} requests…`);
      const deadline = performance.now() + TIMED_BUDGET_MS;
      let truncated = false;
      passes: for (let round = 0; round < rounds; round += 1) {
        for (const probe of timed) {
          if (performance.now() > deadline) {
            truncated = true;
            break passes;
          }
          const answer = await probe.send();
          json(answer, `${probe.kind} ${probe.label}`);
          results.get(probe)?.samples.push(answer.ms);
        }
        log(`search-scale: round ${round + 1} done (load ${load().toFixed(1)})`);
      }

      log('search-scale: capturing and explaining the SQL of each request…');
      for (const probe of timed) {
        const result = results.get(probe) as ProbeResult;
        const { statements } = await captureStatements(() => probe.send());
        const explained = await explainRequest(explainer, statements);
        result.statements = explained;
        result.sqlMs = explained.reduce((sum, statement) => sum + statement.executionMs, 0);
        result.latency = summarize(result.samples);
      }

      const kinds: KindResult[] = [];
      for (const result of results.values()) {
        const kind = kinds.find((k) => k.kind === result.kind);
        if (kind) kind.probes.push(result);
        else kinds.push({ kind: result.kind, probes: [result], latency: summarize([]), sqlP50: 0, sqlMax: 0 });
      }
      for (const kind of kinds) {
        const measured = kind.probes.filter((probe) => !probe.refused);
        kind.latency = summarize(measured.flatMap((probe) => probe.samples));
        const sql = summarize(measured.map((probe) => probe.sqlMs));
        kind.sqlP50 = sql.p50;
        kind.sqlMax = sql.max;
      }
      const slowest = Math.max(...[...results.values()].map((r) => Math.max(r.latency.max || 0, r.firstMs)));
      if (slowest > SERVER_STATEMENT_TIMEOUT_MS) {
        notes.push(
          `the slowest request took ${ms(slowest)} ms: past the server's default DB_STATEMENT_TIMEOUT_MS ` +
            `(${SERVER_STATEMENT_TIMEOUT_MS} ms) a statement that slow would be cancelled`,
        );
      }
      return {
        database,
        machine,
        load: { start: loadStart, afterImport: loadAfterImport, end: load() },
        corpus,
        papers,
        ...(summary
          ? { import: { milliseconds: summary.milliseconds, strategy: summary.strategy, phases: summary.phases } }
          : {}),
        ...(kept ? { keptDatabase: scratch.name } : {}),
        ...sizes,
        commonWords,
        rounds,
        truncated,
        indexes: [...indexes],
        kinds,
        notes,
      };
    } finally {
      await explainer.end();
      client.close();
      await closeApp();
    }
  } finally {
    if (kept) log(`search-scale: kept the database ${scratch.name} (reuse it with --database ${scratch.name})`);
    else await scratch.drop();
  }
}

const int = (value: number) => Math.round(value).toLocaleString('en');
const mb = (bytes: number) => `${int(bytes / 1024 ** 2)} MB`;

/** refreshCommonWindows' answer in words: how many were ranked and how long it took, or why none. */
function commonWordsText({ words, skipped, builtAt, ms: took, first }: Record<string, unknown>): string {
  const seconds = `${(Number(took) / 1000).toFixed(1)} s`;
  if (typeof builtAt === 'string') return `kept from the build of ${builtAt} (${String(skipped)})`;
  if (typeof words !== 'number') return `none: ${String(skipped)} (${seconds})`;
  const examples = Array.isArray(first) ? `, most common first: ${first.slice(0, 5).join(', ')}…` : '';
  return `${int(words)} words in ${seconds}${examples}`;
}

const foundRange = (probes: readonly ProbeResult[]) => {
  const values = probes.map((p) => p.found).filter((v): v is number => v !== undefined);
  if (values.length === 0) return '–';
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? int(low) : `${int(low)}–${int(high)}`;
};

export function renderSearchScaleReport(result: SearchScaleResult, date: string): string {
  const r = result;
  const out: string[] = [`## Search at scale, ${date}`, ''];
  out.push(
    table(
      ['Setup', ''],
      [
        [
          'Machine',
          `${r.machine.cpu} (${r.machine.cores} cores), ${r.machine.memoryGiB.toFixed(1)} GiB, Node ${r.machine.node}`,
        ],
        [
          'Load average (1 min)',
          `${r.load.start.toFixed(2)} at start, ${r.load.afterImport.toFixed(2)} after the import, ${r.load.end.toFixed(2)} at end`,
        ],
        [
          'Database',
          `${r.database}, ${r.keptDatabase ? `database ${r.keptDatabase} (kept for --database)` : 'scratch database (dropped afterwards)'}`,
        ],
        [
          'Corpus',
          r.corpus
            ? `${int(r.corpus.size)} synthetic papers, seed ${r.corpus.seed} (bench/synthetic-corpus.ts), ` +
              `${mb(r.corpus.bytes)} gzipped${r.corpus.cached ? ', cached' : `, written in ${(r.corpus.milliseconds / 1000).toFixed(1)} s`}`
            : `${int(r.papers)} papers of a database an earlier run kept (bench/synthetic-corpus.ts)`,
        ],
        [
          'Import (importJsonLines)',
          `${
            r.import
              ? `${(r.import.milliseconds / 1000).toFixed(1)} s, ${int(r.papers / (r.import.milliseconds / 1000))} papers/s, ${r.import.strategy} ` +
                `(${Object.entries(r.import.phases)
                  .map(([phase, t]) => `${phase} ${(t / 1000).toFixed(1)} s`)
                  .join(', ')}); `
              : 'not run (reused database); '
          }ANALYZE ${(r.analyzeMs / 1000).toFixed(1)} s`,
        ],
        ['Size', `papers ${mb(r.papersBytes)} with indexes and TOAST, database ${mb(r.databaseBytes)}`],
        ['Common words ranked in the background', commonWordsText(r.commonWords)],
        ['GET /api/papers/count', int(r.papers)],
        ['Search index', r.indexes.join(', ') || 'n/a'],
        [
          'Requests',
          `one warm-up, then ${r.rounds} interleaved rounds${r.truncated ? ' (time budget hit)' : ''}, one at a time`,
        ],
      ],
    ),
    '',
  );
  out.push(
    'HTTP: client-side ms from sending to the last byte, the API in the bench process. SQL: per request, the summed ' +
      '`Execution Time` of the statements it sent, each re-run as `EXPLAIN (ANALYZE, TIMING OFF)` (median of 3); ' +
      'median and largest over the kind’s requests. Statements of one search run in parallel, so HTTP can be below the sum; ' +
      'writes a request makes (its rate-limit counter, the popular-query record) are not re-run and not in SQL.',
    '',
  );
  out.push(
    table(
      ['Kind', 'Requests', 'Found', 'HTTP p50', 'p95', 'p99', 'max', 'SQL p50', 'SQL max'],
      r.kinds.map((k) => {
        const refused = k.probes.filter((p) => p.refused).length;
        const measured = k.probes.length - refused;
        if (measured === 0)
          return [k.kind, `refused (${k.probes[0]?.refused?.slice(0, 60) ?? ''})`, '–', '–', '–', '–', '–', '–', '–'];
        return [
          k.kind,
          `${k.latency.count} (${measured} ${measured === 1 ? 'request' : 'requests'}${refused ? `, ${refused} refused` : ''})`,
          foundRange(k.probes.filter((p) => !p.refused)),
          ms(k.latency.p50),
          ms(k.latency.p95),
          ms(k.latency.p99),
          ms(k.latency.max),
          ms(k.sqlP50),
          ms(k.sqlMax),
        ];
      }),
    ),
    '',
  );
  out.push('### Per request', '');
  out.push(
    table(
      ['Kind', 'Request', 'Found', 'First', 'p50', 'p95', 'SQL (execution ms per statement)', 'Plan reads'],
      r.kinds.flatMap((k) =>
        k.probes.map((p) =>
          p.refused
            ? [k.kind, p.label, `refused: ${p.refused.slice(0, 80)}`, '–', '–', '–', '–', '–']
            : [
                k.kind,
                p.label,
                p.found === undefined ? '–' : int(p.found),
                ms(p.firstMs),
                ms(p.latency.p50),
                ms(p.latency.p95),
                `${p.statements.map((s) => `${ms(s.executionMs)}${s.cancelled ? ' (cancelled at its budget)' : ''}`).join(' + ') || '–'} = ${ms(p.sqlMs)}`,
                [...new Set(p.statements.flatMap((s) => s.access))].join(', ') || '–',
              ],
        ),
      ),
    ),
    '',
  );
  if (r.notes.length > 0) out.push(...r.notes.map((note) => `- ${note}`), '');
  return out.join('\n');
}
