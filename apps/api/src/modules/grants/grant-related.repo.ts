import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { grants } from '../../db/schema';
import type { CoOccurrence } from './related-words';

/** The best hits read to learn related words. */
const HITS_READ = 60;
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
 * hits read, and their texts (for the words' written forms).
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
    select cand.lexeme, cand.in_hits,
      (select count(*) from ${grants} where ${grants.searchVector} @@ quote_literal(cand.lexeme)::tsquery)::int as holding
    from cand`);
  const candidates = rowsOf<{ lexeme: string; in_hits: number; holding: number }>(result).map((row) => ({
    lexeme: row.lexeme,
    inHits: Number(row.in_hits),
    holding: Number(row.holding),
  }));
  const texts = rowsOf<{ text: string }>(await db.execute(sql`select text from (${bestHits(query)}) as hits`)).map(
    (row) => row.text,
  );
  return { candidates, hits: texts.length, texts };
}
