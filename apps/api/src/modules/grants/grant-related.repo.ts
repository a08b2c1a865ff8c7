import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { grants } from '../../db/schema';
import type { CoOccurrence } from './related-words';

/** The best hits read to learn related words. */
const HITS_READ = 50;
/** A lexeme a related word may be: letters only, longer than 3 (shorter stems are mostly noise). */
const LEXEME_FILTER = sql.raw(`length(u.lexeme) > 3 and u.lexeme ~ '^[a-z]+$'`);

/**
 * The best hits of `query` (stemmed rank), as the related words are learned from; one per title, since NIH and
 * Federal RePORTER keep a record per fiscal year and three copies of one abstract would pass for co-occurrence.
 */
const bestHits = (query: SQL) => sql`
  select v, text from (
    select distinct on (lower(${grants.title})) ${grants.searchVector} as v,
      ${grants.title} || ' ' || coalesce(${grants.abstract}, '') as text,
      ts_rank_cd(${grants.searchVector}, ${query}, 32) as rank, ${grants.source} as source, ${grants.sourceId} as source_id
    from ${grants} where ${grants.searchVector} @@ ${query}
    order by lower(${grants.title}), rank desc, ${grants.source}, ${grants.sourceId}
  ) as distinct_titles
  order by rank desc, source, source_id
  limit ${HITS_READ}`;

/**
 * The lexemes held by at least 3 of the best hits of `query`, with how many hits hold each, the number of
 * hits read, and their texts (for the words' written forms); one statement, so the hits are ranked once.
 */
export async function selectCoOccurrences(
  db: Db,
  query: SQL,
): Promise<{ inHits: Map<string, number>; hits: number; texts: string[] }> {
  const result = await db.execute(sql`
    with hits as (${bestHits(query)}),
    cand as (
      select u.lexeme, count(*)::int as in_hits
      from hits cross join lateral unnest(hits.v) as u
      where ${LEXEME_FILTER}
      group by u.lexeme having count(*) >= 3
    )
    select
      (select coalesce(json_agg(hits.text), '[]'::json) from hits)::text as texts,
      (select coalesce(json_object_agg(cand.lexeme, cand.in_hits), '{}'::json) from cand)::text as in_hits`);
  const [row] = rowsOf<{ texts: string; in_hits: string }>(result);
  const texts = JSON.parse(row?.texts ?? '[]') as string[];
  const inHits = new Map(Object.entries(JSON.parse(row?.in_hits ?? '{}') as Record<string, number>));
  return { inHits, hits: texts.length, texts };
}

/** What the grants table holds, cheaply: when it changes, the lexeme counts are read again. */
async function tableVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ version: string }>(
    await db.execute(
      sql`select count(*) || ':' || coalesce(max(${grants.updatedAt})::text, '') as version from ${grants}`,
    ),
  );
  return row?.version ?? '';
}

/** Grants holding each lexeme (of LEXEME_FILTER's kind), over the whole table. */
async function selectLexemeCounts(db: Db): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select u.lexeme, count(*)::int as holding
    from ${grants} cross join lateral unnest(${grants.searchVector}) as u
    where ${LEXEME_FILTER}
    group by u.lexeme`);
  return new Map(rowsOf<{ lexeme: string; holding: number }>(result).map((row) => [row.lexeme, Number(row.holding)]));
}

/**
 * docs/grants.md#related-words: how many grants hold each lexeme, read once per database and again only when
 * the table changed (a load, an ingest): a whole-table pass that one search should not pay for each time.
 */
const lexemeCounts = new WeakMap<Db, { version: string; counts: Promise<Map<string, number>> }>();

export async function grantLexemeCounts(db: Db): Promise<Map<string, number>> {
  const version = await tableVersion(db);
  const cached = lexemeCounts.get(db);
  if (cached?.version === version) return cached.counts;
  const counts = selectLexemeCounts(db);
  lexemeCounts.set(db, { version, counts });
  counts.catch(() => lexemeCounts.delete(db));
  return counts;
}

/** The co-occurrences of the best hits of `query`, each with the grants holding it. */
export async function coOccurrences(
  db: Db,
  query: SQL,
): Promise<{ candidates: CoOccurrence[]; hits: number; texts: string[] }> {
  const [found, counts] = await Promise.all([selectCoOccurrences(db, query), grantLexemeCounts(db)]);
  const candidates = [...found.inHits].map(([lexeme, inHits]) => ({
    lexeme,
    inHits: Number(inHits),
    holding: counts.get(lexeme) ?? 0,
  }));
  return { candidates, hits: found.hits, texts: found.texts };
}
