import type { GrantSearchResult } from './grant-search.bench';
import type { ConcurrentSearchResult, SearchResult, ThroughputResult } from './scenarios';
import type { CorpusLoaded } from './server';
import { ms } from './stats';

/** Search p95 through HTTP on the reference 2-core machine (docs/benchmarks.md). */
export const SEARCH_P95_TARGET_MS = 30;

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  /** 1-minute load average when the run started and when it ended: other work on the machine shows here. */
  loadBefore: number;
  loadAfter?: number;
}

export interface DriverResult {
  driver: 'pglite' | 'postgres';
  /** "PGlite (embedded)" or "PostgreSQL 15.20". */
  label: string;
  papers: number;
  corpus: CorpusLoaded;
  bootMs: number | undefined;
  readyMs: number;
  search: SearchResult[];
  /** docs/grants.md#search: grant search over the shipped sample, which the first start loads too. */
  grantSearch: GrantSearchResult[];
  listing: ThroughputResult[];
  /** 20 users searching at once, and a probe of another route meanwhile. */
  concurrent: ConcurrentSearchResult;
}

/** A markdown table. */
export const table = (header: string[], rows: string[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

const int = (value: number) => Math.round(value).toLocaleString('en');
const seconds = (milliseconds: number | undefined) =>
  milliseconds === undefined ? 'n/a' : `${(milliseconds / 1000).toFixed(1)} s`;

/** A report section: its heading, a blank line, its table, a blank line. */
const section = (heading: string, body: string) => [heading, '', body, ''];

const machineTable = (machine: MachineInfo, results: DriverResult[]) =>
  table(
    ['Machine', ''],
    [
      ['CPU', `${machine.cpu} (${machine.cores} cores)`],
      ['Memory', `${machine.memoryGiB.toFixed(1)} GiB`],
      ['Node', machine.node],
      ['OS', machine.os],
      [
        'Load average (1 min)',
        `${machine.loadBefore.toFixed(2)} at start, ${machine.loadAfter?.toFixed(2) ?? 'n/a'} at end`,
      ],
      ...results.map((r) => [`Data (${r.label})`, `${int(r.papers)} papers (GET /api/papers/count)`]),
    ],
  );

/** The first start: loading the shipped corpus. */
const corpusLoad = (results: DriverResult[]) =>
  section(
    '### First start: corpus load',
    table(
      ['Driver', 'Inserted', 'Skipped', 'Corpus load (server log)', 'Boot + migrations', 'Spawn → first answer'],
      results.map((r) => [
        r.label,
        int(r.corpus.inserted),
        int(r.corpus.skipped),
        seconds(r.corpus.milliseconds),
        seconds(r.bootMs),
        seconds(r.readyMs),
      ]),
    ),
  );

/** Search latency, sequential, per sort. */
const searchLatency = (results: DriverResult[]) =>
  section(
    '### Search latency through HTTP (`POST /api/search/`, 30 results a page, sequential)',
    table(
      [
        'Driver',
        'Sort',
        'Requests',
        'Mean ms',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'Max ms',
        `p95 ≤ ${SEARCH_P95_TARGET_MS} ms`,
      ],
      results.flatMap((r) =>
        r.search.map((s) => [
          r.label,
          s.sort,
          `${s.latency.count}${s.truncated ? ' (time budget hit)' : ''}`,
          ms(s.latency.mean),
          ms(s.latency.p50),
          ms(s.latency.p95),
          ms(s.latency.p99),
          ms(s.latency.max),
          s.latency.p95 <= SEARCH_P95_TARGET_MS ? 'met' : '**not met**',
        ]),
      ),
    ),
  );

/** GET /api/papers throughput. */
const listingThroughput = (results: DriverResult[]) =>
  section(
    '### `GET /api/papers` throughput (keep-alive, concurrency 8, ≤ 5 s or 5,000 requests)',
    table(
      ['Driver', 'Scenario', 'Requests', 'Req/s', 'p50 ms', 'p95 ms', 'p99 ms'],
      results.flatMap((r) =>
        r.listing.map((l) => [
          r.label,
          l.scenario,
          int(l.requests),
          int(l.rps),
          ms(l.latency.p50),
          ms(l.latency.p95),
          ms(l.latency.p99),
        ]),
      ),
    ),
  );

/** Many users searching at once, and another route answering meanwhile. */
const concurrentSearch = (results: DriverResult[]) =>
  section(
    '### Concurrent search (20 clients back to back for 10 s, both sorts, pages 1-3; a count probe every 100 ms)',
    table(
      ['Driver', 'Searches', 'Req/s', 'Errors', 'p50 ms', 'p99 ms', 'Max ms', 'Probe p50 ms', 'Probe p99 ms'],
      results.map(({ label, concurrent: c }) => [
        label,
        int(c.requests),
        int(c.rps),
        Object.entries(c.errors)
          .map(([status, n]) => `${n}× ${status === '0' ? 'no answer' : status}`)
          .join(', ') || '0',
        ms(c.latency.p50),
        ms(c.latency.p99),
        ms(c.latency.max),
        ms(c.probe.p50),
        ms(c.probe.p99),
      ]),
    ),
  );

/** Grant search latency, per sort. */
const grantSearchLatency = (results: DriverResult[]) =>
  section(
    '### Grant search latency through HTTP (`POST /api/improved-grant-search/search`, 20 a page, offline)',
    table(
      ['Driver', 'Sort', 'Requests', 'Mean ms', 'p50 ms', 'p95 ms', 'p99 ms', 'Max ms'],
      results.flatMap((r) =>
        r.grantSearch.map((g) => [
          r.label,
          g.sort,
          `${g.latency.count}${g.truncated ? ' (time budget hit)' : ''}`,
          ms(g.latency.mean),
          ms(g.latency.p50),
          ms(g.latency.p95),
          ms(g.latency.p99),
          ms(g.latency.max),
        ]),
      ),
    ),
  );

/** The slowest queries of each sort. */
const slowestQueries = (results: DriverResult[]) =>
  section(
    '### Slowest search queries (by p95)',
    table(
      ['Driver', 'Sort', 'Query', 'Hits', 'p50 ms', 'p95 ms'],
      results.flatMap((r) =>
        r.search.flatMap((s) =>
          [...s.perQuery]
            .sort((a, b) => b.latency.p95 - a.latency.p95)
            .slice(0, 5)
            .map((q) => [r.label, s.sort, `\`${q.query}\``, int(q.hits), ms(q.latency.p50), ms(q.latency.p95)]),
        ),
      ),
    ),
  );

export function renderReport(machine: MachineInfo, results: DriverResult[], date: string): string {
  return [
    `## API benchmark (${date})`,
    '',
    machineTable(machine, results),
    '',
    ...corpusLoad(results),
    ...searchLatency(results),
    ...listingThroughput(results),
    ...concurrentSearch(results),
    ...grantSearchLatency(results),
    ...slowestQueries(results),
  ].join('\n');
}
