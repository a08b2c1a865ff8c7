import type { BenchClient } from './http-client';
import { type LatencySummary, summarize } from './stats';

/**
 * docs/grants.md#search: what researchers look for in the shipped grants sample (2,313 awards: humanities,
 * health, social and behavioural research), with a filter or two as the grants page sends them.
 */
export const GRANT_QUERIES: Record<string, unknown>[] = [
  { query: 'qualitative' },
  { query: 'oral history' },
  { query: 'interviews', kind: 'award' },
  { query: 'community health' },
  { query: '"mixed methods"' },
  { query: 'archives OR manuscripts' },
  { query: 'education -museum' },
  { query: 'digital humanities', agencies: ['National Endowment for the Humanities'] },
  { query: 'substance use', amount_min: 100_000 },
  { query: 'climate', date_from: '2015-01-01' },
  { query: 'veterans', organisation: 'university' },
  { query: 'african american history' },
  // Partial matches (docs/grants.md#partial-matches): no or few awards hold every concept.
  { query: 'machine learning cancer', kind: 'award' },
  { query: 'quantum computing', kind: 'award' },
  // The Open calls tab, listed without words (none in the sample: an empty answer with the stored counts).
  { query: '', kind: 'opportunity' },
];

export type GrantSort = 'relevance' | 'amount';

export interface GrantSearchResult {
  sort: GrantSort;
  latency: LatencySummary;
  truncated: boolean;
}

/**
 * One warm-up pass, then `rounds` sequential passes over GRANT_QUERIES (15 × 20 = 300 requests by default),
 * stopping early only if `budgetMs` runs out; client-side times, as for paper search.
 */
export async function measureGrantSearch(
  client: BenchClient,
  sort: GrantSort,
  { rounds = 20, budgetMs = 120_000 } = {},
): Promise<GrantSearchResult> {
  const path = '/api/improved-grant-search/search';
  for (const body of GRANT_QUERIES) {
    const response = await client.expectOk('POST', path, { ...body, sort });
    const parsed = JSON.parse(response.body) as { total?: unknown };
    if (typeof parsed.total !== 'number')
      throw new Error(`POST ${path}: unexpected body ${response.body.slice(0, 200)}`);
  }
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  let truncated = false;
  outer: for (let round = 0; round < rounds; round += 1) {
    for (const body of GRANT_QUERIES) {
      if (performance.now() > deadline) {
        truncated = true;
        break outer;
      }
      samples.push((await client.expectOk('POST', path, { ...body, sort })).ms);
    }
  }
  return { sort, latency: summarize(samples), truncated };
}
