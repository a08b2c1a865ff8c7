import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { grants } from '../../db/schema';
import { webSearchQuery } from '../../db/sql/full-text';
import { type GrantFilters, matching } from './grants.repo';
import type { PairStat, WordStat } from './query-concepts';

/** Texts as one JSON parameter, numbered from 1: the same on both drivers. */
const textList = (texts: readonly string[]): SQL =>
  sql`json_array_elements_text(${JSON.stringify(texts)}::json) with ordinality as t(text, ord)`;

/** Each word's stemmed query as the grants' vectors are stemmed ('english'); '' for a stop word. */
export async function selectWordStats(db: Db, words: readonly string[]): Promise<WordStat[]> {
  const result = await db.execute(sql`
    select t.text as word, websearch_to_tsquery('english', t.text)::text as ts_query from ${textList(words)} order by t.ord`);
  return rowsOf<{ word: string; ts_query: string }>(result).map((row) => ({ word: row.word, tsQuery: row.ts_query }));
}

/** For each pair of words: grants holding it as a phrase, and grants holding both words anywhere. */
export async function selectPairStats(db: Db, pairs: readonly string[]): Promise<PairStat[]> {
  if (pairs.length === 0) return [];
  const result = await db.execute(sql`
    select
      (select count(*) from ${grants} where ${grants.searchVector} @@ websearch_to_tsquery('english', '"' || t.text || '"'))::int as phrase,
      (select count(*) from ${grants} where ${grants.searchVector} @@ websearch_to_tsquery('english', t.text))::int as both
    from ${textList(pairs)} order by t.ord`);
  return rowsOf<PairStat>(result).map((row) => ({ phrase: Number(row.phrase), both: Number(row.both) }));
}

/** A concept as a query: one word stemmed, or a phrase of words in order. */
export const conceptQuery = (concept: string): SQL => webSearchQuery(concept.includes(' ') ? `"${concept}"` : concept);

export interface ConceptCounts {
  /** Grants in the table. */
  total: number;
  /** Grants holding each concept (no filters): its rarity. */
  holding: number[];
  /** Grants holding each concept with the filters: which concepts the results can show. */
  holdingFiltered: number[];
  /** Grants holding every word of the query, with the filters. */
  allFiltered: number;
}

/** Grants in the table. */
export async function countGrants(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(grants);
  return row?.total ?? 0;
}

/** How many grants hold each concept, and every word (`all`); each count is one index lookup. */
export async function selectConceptCounts(
  db: Db,
  all: SQL,
  queries: readonly SQL[],
  filters: GrantFilters,
): Promise<ConceptCounts> {
  const count = (where: SQL) => sql`(select count(*) from ${grants} where ${where})::int`;
  const columns = [
    sql`(select count(*) from ${grants})::int`,
    count(matching(all, filters)),
    ...queries.map((query) => count(sql`${grants.searchVector} @@ ${query}`)),
    ...queries.map((query) => count(matching(query, filters))),
  ];
  const result = await db.execute(sql`select array[${sql.join(columns, sql`, `)}] as counts`);
  const counts = (rowsOf<{ counts: (number | string)[] }>(result)[0]?.counts ?? []).map(Number);
  const k = queries.length;
  return {
    total: counts[0] ?? 0,
    allFiltered: counts[1] ?? 0,
    holding: counts.slice(2, 2 + k),
    holdingFiltered: counts.slice(2 + k, 2 + 2 * k),
  };
}
