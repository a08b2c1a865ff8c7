/** docs/search.md#totals: how many papers a query matches, counted or estimated. */
import { count, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { papers } from '../../db/schema';
import { matchesFullText } from '../../db/sql/full-text';
import { type LocalSettings, withLocalSettings } from './local-settings';
import { compile, exactPhrase, matching, type SearchFilters } from './search-compile';
import { type SearchIndex, searchIndexOf, tableRowEstimate } from './search-index.repo';
import { CORPUS_LIMITS, type CorpusLimits } from './search-limits';
import type { ParsedQuery } from './search-query';

/**
 * docs/search.md#totals: settings of an exact count. The planner would scan the whole table for a
 * common word (it does not price reading each row's vector out of TOAST), 3-7 times slower than the
 * index's bitmap at 250k papers (docs/benchmarks.md#search-at-scale); and a bitmap past work_mem
 * turns lossy, so every row of its lossy pages is read and its vector rechecked out of TOAST (`quantum`
 * in quant-ph at 2.6M papers: 120,456 rows rejected, 3.9 s with a cold cache; 0.46 s with it exact).
 */
const COUNT_SETTINGS: LocalSettings = { enable_seqscan: 'off', work_mem: '64MB' };

/** How many papers matched, and whether that is the planner's estimate (docs/search.md#totals). */
export interface MatchCount {
  total: number;
  estimated: boolean;
}

/**
 * The number of matches: exact, or on a corpus of `estimatedFrom` papers and more the planner's
 * estimate when that is past `exactUpTo`, or for what one index decides alone (see countingOf) that
 * index's count when that is past `indexedUpTo` (CORPUS_LIMITS). The exact count runs under
 * COUNT_SETTINGS.
 */
export async function countCompiled(
  db: Db,
  { matches, indexDecided }: Counting,
  limits: CorpusLimits = CORPUS_LIMITS,
): Promise<MatchCount> {
  if ((await tableRowEstimate(db)) >= limits.estimatedFrom) {
    const planned = await plannedMatches(db, matches);
    if (planned > limits.exactUpTo) return { total: planned, estimated: true };
    const indexed = indexDecided ? await indexedMatches(db, indexDecided) : undefined;
    if (indexed !== undefined && indexed > limits.indexedUpTo) return { total: indexed, estimated: true };
  }
  return withLocalSettings(db, COUNT_SETTINGS, async (tx) => {
    const [counted] = await tx.select({ value: count() }).from(papers).where(matches);
    return { total: counted?.value ?? 0, estimated: false };
  });
}

/** What a total is counted from: the whole condition, and the one index condition when it is the whole of it. */
export interface Counting {
  matches: SQL;
  /** Set when one index decides every match (see countingOf): that index's count is the total. */
  indexDecided: SQL | undefined;
}

/**
 * The matches' condition, and the condition that alone decides them in one index, if there is one:
 * words alone (the stemmed vector's index), or a lone quoted phrase where the exact vector's index is
 * RUM, which matches a phrase from the positions it keeps (GIN's phrase matches are each read again,
 * so it over-counts them). A filter, an author or an exclusion is decided row by row.
 */
export function countingOf(
  parsed: ParsedQuery,
  matchQuery: SQL | null,
  filters: SearchFilters,
  index: SearchIndex,
): Counting {
  const { categories, from, to, author } = filters;
  const matches = matching(parsed, matchQuery, filters);
  const items = parsed.groups.flat();
  const [only] = items;
  const decidedByRows = categories || from || to || author || items.some((item) => item.excluded);
  if (decidedByRows) return { matches, indexDecided: undefined };
  if (!parsed.hasPhrase) return { matches, indexDecided: matchQuery ? matchesFullText(matchQuery) : undefined };
  const lonePhrase = index === 'rum' && items.length === 1 && only?.quoted;
  return { matches, indexDecided: lonePhrase ? exactPhrase(only.text) : undefined };
}

interface PlanNode {
  'Node Type'?: string;
  'Plan Rows'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/** The plan of an EXPLAIN (FORMAT JSON), as either driver returns it (text or parsed). */
async function explainedPlan(db: Db | Tx, explain: SQL): Promise<PlanNode | undefined> {
  const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(explain));
  const plan = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN'];
  return (plan as { Plan?: PlanNode }[] | undefined)?.[0]?.Plan;
}

/** The planner's estimate of how many papers match: planning only, nothing is read. */
export async function plannedMatches(db: Db, matches: SQL): Promise<number> {
  const plan = await explainedPlan(db, sql`explain (format json) select 1 from ${papers} where ${matches}`);
  return Math.round(Number(plan?.['Plan Rows'] ?? 0));
}

/**
 * docs/search.md#totals: how many rows a full-text index hands out for a condition it decides alone,
 * without reading them. A bitmap scan builds the bitmap of every match before it reads its first row,
 * so a one-row bitmap scan, executed under EXPLAIN ANALYZE, reports the index's count and reads one
 * heap page (`black hole` at 2.6M papers: 13-36 ms instead of 75-220). The count includes rows not yet
 * vacuumed away and matching uploads, so it is an estimate. Undefined when the plan is not one bitmap scan.
 */
async function indexedMatches(db: Db, condition: SQL): Promise<number | undefined> {
  const plan = await withLocalSettings(db, { enable_seqscan: 'off', enable_indexscan: 'off' }, (tx) =>
    explainedPlan(
      tx,
      sql`explain (analyze, timing off, format json) select 1 from ${papers} where ${condition} limit 1`,
    ),
  );
  const scans: PlanNode[] = [];
  const visit = (node: PlanNode) => {
    if (node['Node Type'] === 'Bitmap Index Scan') scans.push(node);
    for (const child of node.Plans ?? []) visit(child);
  };
  if (plan) visit(plan);
  const [scan] = scans;
  return scans.length === 1 && scan?.['Actual Rows'] !== undefined ? scan['Actual Rows'] : undefined;
}

/** How many papers a query finds with these filters (an estimate for a common query on a large corpus). */
export async function countMatches(
  db: Db,
  query: string,
  filters: SearchFilters,
  limits: CorpusLimits = CORPUS_LIMITS,
): Promise<MatchCount> {
  const { parsed, matchQuery } = compile(query, filters.author);
  return countCompiled(db, countingOf(parsed, matchQuery, filters, await searchIndexOf(db)), limits);
}
