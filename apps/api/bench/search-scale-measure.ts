/**
 * The search-at-scale bench's timed part (search-scale.bench.ts): the API started on the imported
 * database, every request sent once to warm up, then `rounds` interleaved passes, then each request's
 * statements captured and explained (sql-capture.ts).
 */
import os from 'node:os';
import type pg from 'pg';
import { warmUp } from '../src/warm-up/warm-up';
import { startBenchApp } from './bench-app';
import { onCleanup } from './cleanup';
import { BenchClient } from './http-client';
import { json, type Probe, probes, REQUEST_TIMEOUT_MS, signedInProbes } from './search-scale-probes';
import type { KindResult, ProbeResult, SearchScaleResult } from './search-scale-report';
import { captureStatements, explainConnection, explainRequest } from './sql-capture';
import { ms, summarize } from './stats';

/** The timed passes stop early past this, so a pathological build still finishes. */
const TIMED_BUDGET_MS = 15 * 60_000;
/** docs/security.md#rate-limits-and-quotas: the server's default DB_STATEMENT_TIMEOUT_MS (the bench app has none). */
const SERVER_STATEMENT_TIMEOUT_MS = 15_000;

/** The machine's load average over the last minute. */
export const loadAverage = () => os.loadavg()[0] ?? 0;

/** What the timed part adds to the result. */
type Measured = Pick<SearchScaleResult, 'papers' | 'rounds' | 'truncated' | 'indexes' | 'kinds' | 'notes' | 'warmUp'>;

/** Each request sent once: its first time, what it found, and whether the API refused it (4xx). */
async function firstRequests(all: readonly Probe[], log: (message: string) => void) {
  log(`search-scale: first requests, ${all.length}…`);
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
  return { results, indexes };
}

/** `rounds` passes interleaving every request, each time kept; whether the time budget cut them short. */
async function timedRounds(
  timed: readonly Probe[],
  results: Map<Probe, ProbeResult>,
  rounds: number,
  log: (message: string) => void,
): Promise<boolean> {
  log(`search-scale: ${rounds} rounds of ${timed.length} requests…`);
  const deadline = performance.now() + TIMED_BUDGET_MS;
  for (let round = 0; round < rounds; round += 1) {
    for (const probe of timed) {
      if (performance.now() > deadline) return true;
      const answer = await probe.send();
      json(answer, `${probe.kind} ${probe.label}`);
      results.get(probe)?.samples.push(answer.ms);
    }
    log(`search-scale: round ${round + 1} done (load ${loadAverage().toFixed(1)})`);
  }
  return false;
}

/** Each request sent once more with its statements captured, each explained: the database's own time. */
async function explainEach(timed: readonly Probe[], results: Map<Probe, ProbeResult>, explainer: pg.Client) {
  for (const probe of timed) {
    const result = results.get(probe) as ProbeResult;
    const { statements } = await captureStatements(() => probe.send());
    const explained = await explainRequest(explainer, statements);
    result.statements = explained;
    result.sqlMs = explained.reduce((sum, statement) => sum + statement.executionMs, 0);
    result.latency = summarize(result.samples);
  }
}

/** The requests grouped by kind, in the order the kinds came, with each kind's latency and SQL time. */
function byKind(results: Iterable<ProbeResult>): KindResult[] {
  const kinds: KindResult[] = [];
  for (const result of results) {
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
  return kinds;
}

/** A note when the slowest request would have hit the server's statement timeout. */
function slowestNote(results: Iterable<ProbeResult>): string[] {
  const slowest = Math.max(...[...results].map((r) => Math.max(r.latency.max || 0, r.firstMs)));
  if (slowest <= SERVER_STATEMENT_TIMEOUT_MS) return [];
  return [
    `the slowest request took ${ms(slowest)} ms: past the server's default DB_STATEMENT_TIMEOUT_MS ` +
      `(${SERVER_STATEMENT_TIMEOUT_MS} ms) a statement that slow would be cancelled`,
  ];
}

/**
 * Starts the API on `url`, runs the server's warm-up as `pnpm start` does after listening (awaited here, so the
 * first requests are a user's after it; `warmUp: false` for the state without it), and times every request
 * (docs/benchmarks.md#search-at-scale).
 */
export async function measureRequests(
  url: string,
  rounds: number,
  options: { warmUp: boolean; log: (message: string) => void },
): Promise<Measured> {
  const { log } = options;
  const notes: string[] = [];
  const app = await startBenchApp(url);
  const closeApp = onCleanup(() => app.close());
  const warmUpSteps = options.warmUp ? await warmUp(app.context) : undefined;
  if (warmUpSteps) log(`search-scale: warm-up: ${JSON.stringify(warmUpSteps)}`);
  const client = new BenchClient(app.baseUrl, 1);
  const explainer = await explainConnection(url);
  try {
    const papers = json(
      await client.request('GET', '/api/papers/count', undefined, REQUEST_TIMEOUT_MS),
      'GET /api/papers/count',
    ) as number;
    const all = [...probes(client), ...(await signedInProbes(app.baseUrl, notes))];
    const { results, indexes } = await firstRequests(all, log);
    const timed = all.filter((probe) => !results.get(probe)?.refused);
    const truncated = await timedRounds(timed, results, rounds, log);
    log('search-scale: capturing and explaining the SQL of each request…');
    await explainEach(timed, results, explainer);
    const kinds = byKind(results.values());
    notes.push(...slowestNote(results.values()));
    return { papers, rounds, truncated, indexes: [...indexes], kinds, notes, warmUp: warmUpSteps };
  } finally {
    await explainer.end();
    client.close();
    await closeApp();
  }
}
