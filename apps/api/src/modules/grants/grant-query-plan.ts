import type { TGrantSearchResponse } from '@paperbench/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webSearchQuery } from '../../db/sql/full-text';
import {
  type ConceptCounts,
  conceptQuery,
  countGrants,
  selectConceptCounts,
  selectPairStats,
  selectWordStats,
} from './grant-concepts.repo';
import { coOccurrences } from './grant-related.repo';
import type { WeightedQuery } from './grant-score';
import { anyOf, type GrantFilters, lexemesTsQuery } from './grants.repo';
import { contentPairs, FEW_FULL_MATCHES, groupConcepts, plainWords, rarity, type WordStat } from './query-concepts';
import { chooseRelated, surfaceForm } from './related-words';

/** How the user's words are searched and ranked (docs/grants.md#ranking). */
export interface QueryPlan {
  /** What the words match: every word, or (partial) any concept. */
  tsQuery: SQL;
  /** The concepts with their rarity weights; a query with operators is one concept. */
  concepts: WeightedQuery[];
  /** Related words learned from the hits, as queries with their rarity weights, and as written. */
  related: WeightedQuery[];
  relatedTerms: string[];
  match: TGrantSearchResponse['match'];
  partial: TGrantSearchResponse['partial'];
}

const lexemesOf = (words: readonly WordStat[]) =>
  new Set(words.flatMap((word) => [...word.tsQuery.matchAll(/'([^']+)'/g)].map((match) => match[1] as string)));

/** The counts of a one-concept query: only the table's size (for the related words' rarity) matters. */
async function oneConcept(db: Db): Promise<ConceptCounts> {
  return { total: await countGrants(db), holding: [1], holdingFiltered: [1], allFiltered: 1 };
}

/** The query's concepts: plain words grouped by the grants' phrases; null for operators or only stop words. */
async function conceptsOf(db: Db, query: string): Promise<{ concepts: string[]; words: WordStat[] } | null> {
  const plain = plainWords(query);
  if (!plain) return null;
  const words = await selectWordStats(db, plain);
  if (!words.some((word) => word.tsQuery !== '')) return null;
  const concepts = groupConcepts(words, await selectPairStats(db, contentPairs(words)));
  return { concepts, words };
}

/**
 * Reads the query as concepts and decides the match: every word (as typed), or, when fewer than
 * FEW_FULL_MATCHES grants (with the filters) hold every word, any concept, labelled as partial.
 */
export async function planQuery(db: Db, query: string, filters: GrantFilters): Promise<QueryPlan> {
  const every = webSearchQuery(query);
  const read = await conceptsOf(db, query);
  const names = read?.concepts ?? [query];
  const queries = read ? names.map(conceptQuery) : [every];
  // One concept needs no counts: its weight cancels out, and there is nothing to be partial about.
  const counts = queries.length > 1 ? await selectConceptCounts(db, every, queries, filters) : await oneConcept(db);
  const concepts = queries.map((conceptSql, i) => ({
    query: conceptSql,
    weight: rarity(counts.total, counts.holding[i] ?? 0),
  }));
  const isPartial =
    names.length > 1 &&
    counts.allFiltered < FEW_FULL_MATCHES &&
    counts.holdingFiltered.some((holding) => holding > counts.allFiltered);
  const tsQuery = isPartial ? anyOf([every, ...queries]) : every;
  const showing = names
    .map((name, i) => ({ name, holding: counts.holdingFiltered[i] ?? 0 }))
    .filter((concept) => concept.holding > 0)
    .sort((a, b) => b.holding - a.holding)
    .map((concept) => concept.name);

  // A query with operators says itself what it wants: it gets no related words.
  const cooccurring = read ? await coOccurrences(db, tsQuery) : { candidates: [], hits: 0, texts: [] };
  const relatedLexemes = chooseRelated(
    cooccurring.candidates,
    cooccurring.hits,
    counts.total,
    lexemesOf(read?.words ?? []),
  );
  const holdingOf = new Map(cooccurring.candidates.map((candidate) => [candidate.lexeme, candidate.holding]));
  return {
    tsQuery,
    concepts,
    related: relatedLexemes.map((lexeme) => ({
      query: lexemesTsQuery([lexeme]),
      weight: rarity(counts.total, holdingOf.get(lexeme) ?? 0),
    })),
    relatedTerms: relatedLexemes.map((lexeme) => surfaceForm(lexeme, cooccurring.texts)),
    match: isPartial ? 'partial' : 'all',
    partial: isPartial ? { concepts: names, all_count: counts.allFiltered, showing } : null,
  };
}
