import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { grants } from '../../db/schema';
import type { CoOccurrence } from './related-words';

/** The best hits read to learn related words. */
const HITS_READ = 50;
/** Candidate lexemes whose grant counts are looked up (the most frequent in the hits). */
const CANDIDATES = 40;

/** The best hits of `query` (stemmed rank), as the related words are learned from. */
const bestHits = (query: SQL) => sql`
  select ${grants.searchVector} as v, ${grants.title} || ' ' || coalesce(${grants.abstract}, '') as text
  from ${grants} where ${grants.searchVector} @@ ${query}
  order by ts_rank_cd(${grants.searchVector}, ${query}, 32) desc, ${grants.source}, ${grants.sourceId}
  limit ${HITS_READ}`;

/**
 * The lexemes of the best hits of `query` with how many hits and how many grants hold each, the number of
 * hits read, and their texts (for the words' written forms); one statement, so the hits are ranked once.
 */
export async function selectCoOccurrences(
  db: Db,
  query: SQL,
): Promise<{ candidates: CoOccurrence[]; hits: number; texts: string[] }> {
  const result = await db.execute(sql`
    with hits as (${bestHits(query)}),
    cand as (
      select u.lexeme, count(*)::int as in_hits
      from hits cross join lateral unnest(hits.v) as u
      where length(u.lexeme) > 3 and u.lexeme ~ '^[a-z]+$'
      group by u.lexeme order by in_hits desc, u.lexeme limit ${CANDIDATES}
    )
    select
      (select coalesce(json_agg(hits.text), '[]'::json) from hits)::text as texts,
      (select coalesce(json_agg(json_build_array(cand.lexeme, cand.in_hits,
        (select count(*) from ${grants} where ${grants.searchVector} @@ quote_literal(cand.lexeme)::tsquery))), '[]'::json)
       from cand)::text as candidates`);
  const [row] = rowsOf<{ texts: string; candidates: string }>(result);
  const texts = JSON.parse(row?.texts ?? '[]') as string[];
  const candidates = (JSON.parse(row?.candidates ?? '[]') as [string, number, number][]).map(
    ([lexeme, inHits, holding]) => ({ lexeme, inHits: Number(inHits), holding: Number(holding) }),
  );
  return { candidates, hits: texts.length, texts };
}
