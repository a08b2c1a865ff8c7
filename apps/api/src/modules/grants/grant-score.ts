import { type SQL, sql } from 'drizzle-orm';
import { grants } from '../../db/schema';

/**
 * docs/grants.md#ranking: the relevance score of a grant for a query read as concepts. In parts:
 *
 *   0.75 × coverage × penalty   how much of the query the grant holds, each concept weighted by its rarity
 *                               and by where it is held (title 1, keywords 0.8, body 0.5..0.7 by mentions)
 *   0.15 × related              the share (by rarity) of the related words learned from the grants it holds
 *   0.10 × ts_rank_cd           how densely the text holds the query (the rank every query had before)
 *
 * A grant holding all concepts in its title outranks one holding them in its body; one holding the rare
 * concept outranks one holding only the common one.
 */

export interface WeightedQuery {
  query: SQL;
  weight: number;
}

/** Titles longer than this are descriptions (USAspending's short description stands in for a title). */
export const MAX_TITLE_LENGTH = 250;
/** The factor on a shouting-case grant whose rarest concept is one mention in its body. */
export const SHOUTING_PENALTY = 0.5;

/**
 * A number of ours (a weight, a constant) written into the statement: as parameters they would have no type
 * the planner can infer ("invalid input syntax for type integer") and would repeat once per row expression.
 */
const num = (value: number) => sql.raw(Number.isFinite(value) ? value.toFixed(6) : '0');

const v = grants.searchVector;
const shortTitle = sql`(length(${grants.title}) <= ${num(MAX_TITLE_LENGTH)})`;
/** Weights arrays of ts_rank_cd are {D, C, B, A}: abstract is C, keywords B, title A. */
const inTitle = (query: SQL) => sql`(${shortTitle} and ts_rank_cd('{0,0,0,1}'::float4[], ${v}, ${query}) > 0)`;
const inKeywords = (query: SQL) => sql`(ts_rank_cd('{0,0,1,0}'::float4[], ${v}, ${query}) > 0)`;
/** Mentions in the body: the abstract, and a description standing in for a title. */
const bodyMentions = (query: SQL) =>
  sql`ts_rank_cd(case when ${shortTitle} then '{0,1,0,0}' else '{0,1,0,1}' end::float4[], ${v}, ${query})`;

/**
 * Where a grant holds a concept: 1 title, 0.8 keywords, in the body 0.7 - 0.4 / (mentions + 1) (0.5 for one
 * mention, towards 0.7 for many), 0 not at all.
 */
const strength = (query: SQL) => sql`(case
  when ${inTitle(query)} then 1.0
  when ${inKeywords(query)} then 0.8
  when ${v} @@ ${query} then 0.7 - 0.4 / (${bodyMentions(query)} + 1)
  else 0 end)`;

/**
 * docs/grants.md#ranking: a capitals-only text whose only hold on the query is one mention of its rarest concept
 * ("quantum ab initio" in a materials abstract) must not outrank grants on the topic: such a grant, with no
 * concept in its title, has its coverage halved.
 */
function shoutingPenalty(concepts: readonly WeightedQuery[]): SQL {
  const byRarity = [...concepts].sort((a, b) => b.weight - a.weight);
  const rarestMentions = sql`(case ${sql.join(
    byRarity.map(({ query }) => sql`when ${v} @@ ${query} then ${bodyMentions(query)}`),
    sql` `,
  )} else 0 end)`;
  const noTitle = sql.join(
    concepts.map(({ query }) => sql`not ${inTitle(query)}`),
    sql` and `,
  );
  // Nested, so the cheap test on the title spares reading most abstracts in capitals.
  return sql`(case when ${grants.title} = upper(${grants.title}) then (case
    when (${grants.abstract} is null or ${grants.abstract} = upper(${grants.abstract})) and ${noTitle} and ${rarestMentions} <= 1
    then ${num(SHOUTING_PENALTY)} else 1 end) else 1 end)`;
}

/** Σ weight × part / Σ weight, 0..1. */
function weightedShare(queries: readonly WeightedQuery[], part: (query: SQL) => SQL): SQL {
  const sum = queries.reduce((total, { weight }) => total + weight, 0);
  if (queries.length === 0 || sum === 0) return sql`0`;
  return sql`((${sql.join(
    queries.map(({ query, weight }) => sql`${num(weight)} * ${part(query)}`),
    sql` + `,
  )}) / ${num(sum)})`;
}

/** The score of a grant for the concepts (with their rarity weights), the related words and the whole query. */
export function conceptScore(concepts: readonly WeightedQuery[], related: readonly WeightedQuery[], whole: SQL): SQL {
  const coverage = weightedShare(concepts, strength);
  const relatedShare = weightedShare(related, (query) => sql`(case when ${v} @@ ${query} then 1 else 0 end)`);
  return sql`(0.75 * ${coverage} * ${shoutingPenalty(concepts)} + 0.15 * ${relatedShare} + 0.1 * ts_rank_cd(${v}, ${whole}, 32))`;
}
