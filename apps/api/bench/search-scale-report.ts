/** The search-at-scale bench's results (search-scale.bench.ts) and their section of the report. */
import type { WarmUpStep } from '../src/warm-up/warm-up';
import { table } from './report';
import type { ExplainedStatement } from './sql-capture';
import { type LatencySummary, ms, summarize } from './stats';
import type { SyntheticCorpus } from './synthetic-corpus';

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
  /** `--cold`: PostgreSQL restarted and the OS page cache dropped before the app started. */
  cold: boolean;
  /** The server's warm-up after start (src/warm-up), awaited before the first request; undefined with --no-warm-up. */
  warmUp?: WarmUpStep[] | undefined;
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

/** Each warm-up step's time and what it did, or that the run had none. */
function warmUpText(steps: readonly WarmUpStep[] | undefined): string {
  if (!steps) return 'none (--no-warm-up)';
  return steps
    .map(
      ({ step, ms: took, detail, error }) =>
        `${step} ${(took / 1000).toFixed(1)} s${error ? ` (failed: ${error})` : ` ${JSON.stringify(detail)}`}`,
    )
    .join('; ');
}

/** The range of the kind's first requests (each query's first after the start). */
const firstRange = (probes: readonly ProbeResult[]) => {
  const values = probes.map((p) => p.firstMs);
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? ms(low) : `${ms(low)}–${ms(high)}`;
};

/** The import's time, rate, strategy and phases, or that the database was reused. */
function importText({ import: run, papers }: SearchScaleResult): string {
  if (!run) return 'not run (reused database); ';
  const phases = Object.entries(run.phases)
    .map(([phase, t]) => `${phase} ${(t / 1000).toFixed(1)} s`)
    .join(', ');
  return `${(run.milliseconds / 1000).toFixed(1)} s, ${int(papers / (run.milliseconds / 1000))} papers/s, ${run.strategy} (${phases}); `;
}

/** How the run was set up: machine, load, database, corpus, import, sizes, common words. */
function setupTable(r: SearchScaleResult): string {
  return table(
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
      ['Import (importJsonLines)', `${importText(r)}ANALYZE ${(r.analyzeMs / 1000).toFixed(1)} s`],
      ['Size', `papers ${mb(r.papersBytes)} with indexes and TOAST, database ${mb(r.databaseBytes)}`],
      ['Common words ranked in the background', commonWordsText(r.commonWords)],
      [
        'Start',
        r.cold ? 'cold: PostgreSQL restarted and the OS page cache dropped (--cold)' : 'as left by the run before',
      ],
      ['Warm-up after start (src/warm-up)', warmUpText(r.warmUp)],
      ['GET /api/papers/count', int(r.papers)],
      ['Search index', r.indexes.join(', ') || 'n/a'],
      [
        'Requests',
        `one warm-up, then ${r.rounds} interleaved rounds${r.truncated ? ' (time budget hit)' : ''}, one at a time`,
      ],
    ],
  );
}

/** The summary's last row: every query's first request after the start, as one distribution. */
function firstRequestsRow(r: SearchScaleResult): string[] {
  const firsts = r.kinds.flatMap((k) => k.probes.filter((p) => !p.refused).map((p) => p.firstMs));
  const first = summarize(firsts);
  return [
    '**first request of each query**',
    `${first.count} (one each)`,
    '–',
    firstRange(r.kinds.flatMap((k) => k.probes.filter((p) => !p.refused))),
    ms(first.p50),
    ms(first.p95),
    ms(first.p99),
    ms(first.max),
    '–',
    '–',
  ];
}

/** Each kind of request: its HTTP latency and the database's own time for it, then the first requests together. */
function kindsTable(r: SearchScaleResult): string {
  return table(
    ['Kind', 'Requests', 'Found', 'First', 'HTTP p50', 'p95', 'p99', 'max', 'SQL p50', 'SQL max'],
    [
      ...r.kinds.map((k) => {
        const refused = k.probes.filter((p) => p.refused).length;
        const measured = k.probes.length - refused;
        if (measured === 0)
          return [
            k.kind,
            `refused (${k.probes[0]?.refused?.slice(0, 60) ?? ''})`,
            '–',
            '–',
            '–',
            '–',
            '–',
            '–',
            '–',
            '–',
          ];
        return [
          k.kind,
          `${k.latency.count} (${measured} ${measured === 1 ? 'request' : 'requests'}${refused ? `, ${refused} refused` : ''})`,
          foundRange(k.probes.filter((p) => !p.refused)),
          firstRange(k.probes.filter((p) => !p.refused)),
          ms(k.latency.p50),
          ms(k.latency.p95),
          ms(k.latency.p99),
          ms(k.latency.max),
          ms(k.sqlP50),
          ms(k.sqlMax),
        ];
      }),
      firstRequestsRow(r),
    ],
  );
}

/** Each request: what it found, its latencies, and its statements' times and plans. */
function perRequestTable(r: SearchScaleResult): string {
  return table(
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
  );
}

export function renderSearchScaleReport(result: SearchScaleResult, date: string): string {
  const r = result;
  const out: string[] = [`## Search at scale, ${date}`, ''];
  out.push(setupTable(r), '');
  out.push(
    'First: the range over the kind’s requests of each one’s first time after the start (before any repeat). ' +
      'HTTP: client-side ms from sending to the last byte, the API in the bench process. SQL: per request, the summed ' +
      '`Execution Time` of the statements it sent, each re-run as `EXPLAIN (ANALYZE, TIMING OFF)` (median of 3); ' +
      'median and largest over the kind’s requests. Statements of one search run in parallel, so HTTP can be below the sum; ' +
      'writes a request makes (its rate-limit counter, the popular-query record) are not re-run and not in SQL.',
    '',
  );
  out.push(kindsTable(r), '');
  out.push('### Per request', '');
  out.push(perRequestTable(r), '');
  if (r.notes.length > 0) out.push(...r.notes.map((note) => `- ${note}`), '');
  return out.join('\n');
}
