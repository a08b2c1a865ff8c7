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
 * A fixed pseudo-random sample of the public corpus (md5 of the key orders it, so the same corpus
 * gives the same sample): the papers the novelty label is calibrated on (docs/ideas.md#calibration).
 */
export async function selectCalibrationSample(db: Db, size: number): Promise<TPaperRef[]> {
  const result = await db.execute(sql`
    select platform, paper_id from ${papers} where platform <> ${UPLOAD_PLATFORM}
    order by md5(platform || ':' || paper_id) limit ${size}`);
  return rowsOf<TPaperRef>(result);
}

/**
 * Public papers whose title or abstract holds any of the weighted lexemes, best first by the summed
 * weight of the lexemes they hold (coordination-level matching with idf weights): a paper with "graph",
 * "network" and "property" of a topic outranks one with "molecular" alone. Deterministic order.
 */
export async function selectPapersByTermWeight(
  db: Db,
  terms: readonly { term: string; weight: number }[],
  limit: number,
): Promise<TPaperRef[]> {
  if (terms.length === 0) return [];
  const lexeme = (term: string) => sql`(quote_literal(${term}) || ':AC')::tsquery`;
  const any = sql.join(
    terms.map(({ term }) => lexeme(term)),
    sql` || `,
  );
  const score = sql.join(
    terms.map(
      ({ term, weight }) => sql`(case when search_vector @@ ${lexeme(term)} then ${weight}::float8 else 0 end)`,
    ),
    sql` + `,
  );
  const result = await db.execute(sql`
    select platform, paper_id from ${papers}
    where search_vector @@ (${any}) and platform <> ${UPLOAD_PLATFORM}
    order by ${score} desc, md5(platform || ':' || paper_id) limit ${limit}`);
  return rowsOf<TPaperRef>(result);
}
