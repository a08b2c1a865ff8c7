import { BenchClient } from './http-client';
import { type LatencySummary, summarize } from './stats';

/**
 * What researchers type: single words, two-word topics, quoted phrases, OR, -excluded terms, over
 * the fields of the shipped corpus (physics, maths, CS, astro, q-bio, stats).
 */
export const SEARCH_QUERIES = [
  'neural network',
  'graph',
  'galaxy',
  'quantum',
  'bayesian inference',
  'protein folding',
  'stochastic differential equations',
  '"random matrix"',
  'graph OR network',
  'quantum -classical',
  'black hole',
  'dark matter',
  'deep learning',
  'reinforcement learning',
  'superconductivity',
  'topological insulator',
  '"phase transition"',
  'spin glass',
  'gravitational waves',
  'convex optimization',
  'markov chain monte carlo',
  'graphene',
  'entanglement',
  'prime numbers',
  'lie algebra',
  'neutrino OR neutrinos',
  'cosmology -inflation',
  '"monte carlo" simulation',
  'image segmentation',
  'hubble constant',
] as const;

/** Keywords for the filtered GET /api/papers run: common and rare terms of the corpus. */
export const LIST_KEYWORDS = ['graph', 'quantum', 'neural network', 'galaxy', 'entanglement', 'lattice'] as const;

export type SearchSort = 'relevance' | 'date';

export interface QueryStats {
  query: string;
  /** Matches reported by the server (`total`). */
  hits: number;
  latency: LatencySummary;
}

export interface SearchResult {
  sort: SearchSort;
  latency: LatencySummary;
  perQuery: QueryStats[];
  /** True when the time budget cut the run short of the planned request count. */
  truncated: boolean;
}

/**
 * One warm-up pass over every query, then `rounds` sequential passes (30 queries × 10 rounds = 300
 * requests by default), stopping early only if `budgetMs` runs out. Times are client-side: from
 * sending the request to the last byte of the response.
 */
export async function measureSearch(
  client: BenchClient,
  sort: SearchSort,
  { rounds = 10, budgetMs = 180_000 } = {},
): Promise<SearchResult> {
  const hits = new Map<string, number>();
  for (const query of SEARCH_QUERIES) {
    const response = await client.expectOk('POST', '/api/search/', { query, sort });
    const body = JSON.parse(response.body) as { total?: unknown; results?: unknown };
    if (typeof body.total !== 'number' || !Array.isArray(body.results)) {
      throw new Error(`POST /api/search/ ${JSON.stringify(query)}: unexpected body ${response.body.slice(0, 200)}`);
    }
    hits.set(query, body.total);
  }

  const all: number[] = [];
  const byQuery = new Map<string, number[]>(SEARCH_QUERIES.map((query) => [query, []]));
  const deadline = performance.now() + budgetMs;
  let truncated = false;
  outer: for (let round = 0; round < rounds; round += 1) {
    for (const query of SEARCH_QUERIES) {
      if (performance.now() > deadline) {
        truncated = true;
        break outer;
      }
      const { ms } = await client.expectOk('POST', '/api/search/', { query, sort });
      all.push(ms);
      byQuery.get(query)?.push(ms);
    }
  }
  const perQuery = SEARCH_QUERIES.map((query) => ({
    query,
    hits: hits.get(query) ?? 0,
    latency: summarize(byQuery.get(query) ?? []),
  }));
  return { sort, latency: summarize(all), perQuery, truncated };
}

export interface ThroughputResult {
  scenario: string;
  requests: number;
  seconds: number;
  rps: number;
  latency: LatencySummary;
}

/**
 * `concurrency` workers issue GETs back to back over keep-alive sockets until `maxRequests` have been
 * sent or `durationMs` has passed, whichever comes first. A short warm-up precedes the timed run.
 */
export async function measureThroughput(
  client: BenchClient,
  scenario: string,
  pathFor: (index: number) => string,
  { concurrency = 8, maxRequests = 5_000, durationMs = 5_000, warmup = 200 } = {},
): Promise<ThroughputResult> {
  const run = async (limit: number, timeMs: number, samples: number[] | undefined) => {
    let issued = 0;
    const deadline = performance.now() + timeMs;
    const worker = async () => {
      while (issued < limit && performance.now() < deadline) {
        const index = issued;
        issued += 1;
        const { ms } = await client.expectOk('GET', pathFor(index));
        samples?.push(ms);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };

  await run(warmup, durationMs, undefined);
  const samples: number[] = [];
  const started = performance.now();
  await run(maxRequests, durationMs, samples);
  const seconds = (performance.now() - started) / 1000;
  return { scenario, requests: samples.length, seconds, rps: samples.length / seconds, latency: summarize(samples) };
}

/** The three GET /api/papers runs: first page, pages spread over the whole corpus, keyword filter. */
export async function measureListing(client: BenchClient, paperCount: number): Promise<ThroughputResult[]> {
  const pageSize = 10;
  const pages = Math.max(1, Math.floor(paperCount / pageSize));
  // A multiplicative stride (a prime) visits pages all over the corpus in a fixed, repeatable order.
  const spreadOffset = (index: number) => ((index * 7919) % pages) * pageSize;
  return [
    await measureThroughput(client, 'first page (`/api/papers`)', () => '/api/papers'),
    await measureThroughput(
      client,
      `offset spread over ${pages.toLocaleString('en')} pages (\`?offset=…\`)`,
      (index) => `/api/papers?offset=${spreadOffset(index)}`,
    ),
    await measureThroughput(
      client,
      `keyword filter (\`?keyword=…\`, ${LIST_KEYWORDS.length} keywords)`,
      (index) => `/api/papers?keyword=${encodeURIComponent(LIST_KEYWORDS[index % LIST_KEYWORDS.length] as string)}`,
    ),
  ];
}

export interface ConcurrentSearchResult {
  clients: number;
  requests: number;
  rps: number;
  /** Answers other than 2xx and network errors, by status (0: no answer). */
  errors: Record<string, number>;
  latency: LatencySummary;
  /** GET /api/papers/count sent every 100 ms meanwhile: is the server still answering other requests? */
  probe: LatencySummary;
}

/**
 * docs/benchmarks.md "Concurrent search": `clients` users search back to back (the fixed queries, both
 * sorts, pages 1-3) for `durationMs`, while a probe asks for the paper count every 100 ms.
 */
export async function measureConcurrentSearch(
  baseUrl: string,
  { clients = 20, durationMs = 10_000 } = {},
): Promise<ConcurrentSearchResult> {
  const client = new BenchClient(baseUrl, clients + 1);
  try {
    const samples: number[] = [];
    const probes: number[] = [];
    const errors: Record<string, number> = {};
    const deadline = performance.now() + durationMs;
    let issued = 0;
    const worker = async () => {
      while (performance.now() < deadline) {
        const index = issued;
        issued += 1;
        const body = {
          query: SEARCH_QUERIES[index % SEARCH_QUERIES.length],
          sort: index % 2 === 0 ? 'relevance' : 'date',
          offset: 30 * (index % 3),
        };
        try {
          const response = await client.request('POST', '/api/search/', body, 30_000);
          if (response.status >= 200 && response.status < 300) samples.push(response.ms);
          else errors[response.status] = (errors[response.status] ?? 0) + 1;
        } catch {
          errors['0'] = (errors['0'] ?? 0) + 1;
        }
      }
    };
    const probe = async () => {
      while (performance.now() < deadline) {
        const { ms } = await client.request('GET', '/api/papers/count', undefined, 30_000);
        probes.push(ms);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const started = performance.now();
    await Promise.all([...Array.from({ length: clients }, worker), probe()]);
    const seconds = (performance.now() - started) / 1000;
    return {
      clients,
      requests: samples.length,
      rps: samples.length / seconds,
      errors,
      latency: summarize(samples),
      probe: summarize(probes),
    };
  } finally {
    client.close();
  }
}
