import type { TPaperRef } from '@paperbench/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { papers } from '../../db/schema';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';

/**
 * A text's lexemes as the papers' search vectors have them (the same 'english' configuration): its
 * title as weight A, the rest unmarked, in tsvector text form for parseTsvector.
 */
export async function textTsvector(db: Db, title: string, body: string): Promise<string> {
  const result = await db.execute(
    sql`select (setweight(to_tsvector('english', ${title}), 'A') || to_tsvector('english', ${body}))::text as vector`,
  );
  return rowsOf<{ vector: string }>(result)[0]?.vector ?? '';
}

/**
 * Public papers whose title or abstract holds `term` (a lexeme), and not `without` when given: one
 * literature of docs/ideas.md#offline-literature-based-discovery. Deterministic order.
 */
export async function selectPapersWithTerm(
  db: Db,
  term: string,
  { without, limit }: { without?: string; limit: number },
): Promise<TPaperRef[]> {
  // ':AC' keeps the title and abstract positions (not author names) while the GIN index still serves the query.
  const query = without
    ? sql`(quote_literal(${term}) || ':AC & !' || quote_literal(${without}) || ':AC')::tsquery`
    : sql`(quote_literal(${term}) || ':AC')::tsquery`;
  const result = await db.execute(sql`
    select platform, paper_id from ${papers}
    where search_vector @@ ${query} and platform <> ${UPLOAD_PLATFORM}
    order by md5(platform || ':' || paper_id) limit ${limit}`);
  return rowsOf<TPaperRef>(result);
}

/** Which of the (a, c) lexeme pairs some public paper's title or abstract holds together, as `a c` keys. */
export async function selectCooccurringPairs(db: Db, pairs: readonly [string, string][]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const result = await db.execute(sql`
    select q.a, q.c from json_to_recordset(${JSON.stringify(pairs.map(([a, c]) => ({ a, c })))}::json) as q(a text, c text)
    where exists (
      select 1 from ${papers}
      where search_vector @@ (quote_literal(q.a) || ':AC & ' || quote_literal(q.c) || ':AC')::tsquery
        and platform <> ${UPLOAD_PLATFORM}
    )`);
  return new Set(rowsOf<{ a: string; c: string }>(result).map(({ a, c }) => `${a} ${c}`));
}

/**
 * A fixed pseudo-random sample of the public corpus (md5 of the key orders it, so the same corpus
 * gives the same sample): the papers the novelty label is calibrated on (docs/ideas.md#calibration).
 */
export async function selectCalibrationSample(db: Db, size: number): Promise<TPaperRef[]> {
  const result = await db.execute(sql`
    select platform, paper_id from ${papers} where platform <> ${UPLOAD_PLATFORM}
    order by md5(platform || ':' || paper_id) limit ${size}`);
  return rowsOf<TPaperRef>(result);
}
