import os from 'node:os';
import { onEachDriver, startCorpusApp } from './corpus-app';
import { BenchClient } from './http-client';
import { type LatencySummary, ms, summarize } from './stats';

/** What people type, letter by letter; typos included, since the trigram fallback must be fast too. */
const TYPED_QUERIES = [
  'graph neural network',
  'transformer attention',
  'quantum entanglement',
  'dark matter halo',
  'black hole',
  'reinforcement learning',
  'stochastic differential equations',
  'lattice boltzmann',
  'tranformer atention',
  'superconductivity',
  'galaxy clusters',
  'monte carlo',
] as const;
/** Searched twice before measuring, so they are popular completions. */
const POPULAR_QUERIES = ['graph neural network', 'dark matter', 'quantum entanglement', 'black hole', 'galaxy'];
const ROUNDS = 5;

const prefixesOf = (query: string) => Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1));

interface DriverResult {
  label: string;
  all: LatencySummary;
  /** 1-2 characters: popular queries only. */
  short: LatencySummary;
  /** 3+ characters: titles (prefix, word prefix, substring, trigram) and popular queries. */
  long: LatencySummary;
  requests: number;
}

async function benchDriver(label: string, databaseUrl: string | undefined, log: (m: string) => void) {
  const corpus = await startCorpusApp(label, databaseUrl, log);
  try {
    const client = new BenchClient(corpus.baseUrl, 1);
    try {
      for (const query of [...POPULAR_QUERIES, ...POPULAR_QUERIES]) {
        await client.expectOk('POST', '/api/search/', { query });
      }
      const prefixes = TYPED_QUERIES.flatMap(prefixesOf);
      const suggest = (prefix: string) =>
        client.expectOk('GET', `/api/conversational/search_suggestions?q=${encodeURIComponent(prefix)}`);
      for (const prefix of prefixes) await suggest(prefix); // warm-up
      log(`${label}: ${prefixes.length} prefixes × ${ROUNDS} rounds…`);
      const short: number[] = [];
      const long: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const prefix of prefixes) (prefix.length < 3 ? short : long).push((await suggest(prefix)).ms);
      }
      return {
        label,
        all: summarize([...short, ...long]),
        short: summarize(short),
        long: summarize(long),
        requests: short.length + long.length,
      } satisfies DriverResult;
    } finally {
      client.close();
    }
  } finally {
    await corpus.close();
  }
}

export async function runSearchSuggestionsBench(options: {
  databaseUrl?: string;
  log: (m: string) => void;
}): Promise<{ title: string; markdown: string }> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const results: DriverResult[] = await onEachDriver(options.databaseUrl, (label, url) =>
    benchDriver(label, url, options.log),
  );
  const row = (r: DriverResult, name: string, s: LatencySummary) =>
    `| ${r.label} | ${name} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  const markdown = [
    `Every prefix of ${TYPED_QUERIES.length} typed queries (${TYPED_QUERIES.map((q) => `"${q}"`).join(', ')}), ` +
      `${ROUNDS} rounds after a warm-up, one request at a time through HTTP; times in ms, client-side. ` +
      `Target: p95 ≤ 20 ms. Load average when it started: ${loadBefore.toFixed(1)} on ${os.cpus().length} cores.`,
    '',
    '| database | prefixes | requests | p50 | p95 | p99 | max |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.flatMap((r) => [
      row(r, 'all', r.all),
      row(r, '1-2 characters (popular queries)', r.short),
      row(r, '3+ characters (titles + popular)', r.long),
    ]),
  ].join('\n');
  return { title: 'Search suggestions latency', markdown };
}
