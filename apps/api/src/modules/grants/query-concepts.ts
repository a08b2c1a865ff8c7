import type { TGrantKind } from '@paperbench/contract';

/**
 * docs/grants.md#partial-matches: a plain query ("machine learning cancer") is read as concepts, each one
 * word or a run of words the grants themselves use as a phrase ("machine learning"), so that when no grant
 * holds every concept the best partial matches can be shown, and named.
 */

/** The most words a query may have to be split into concepts; longer ones are searched as typed. */
export const MAX_CONCEPT_WORDS = 8;

/** A word of a plain query: letters and digits, inner hyphens and apostrophes. */
const PLAIN_WORD = /^[\p{L}\p{N}](?:[\p{L}\p{N}'’-]*[\p{L}\p{N}])?$/u;

/**
 * The words of a query that uses no web-search operator (no quotes, OR, or -exclusion), or null: a query
 * with operators says itself how its words combine, so it is searched exactly as typed.
 */
export function plainWords(query: string): string[] | null {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > MAX_CONCEPT_WORDS) return null;
  if (words.some((word) => word === 'OR' || !PLAIN_WORD.test(word))) return null;
  return words;
}

/** What the grants say about one word of the query: its stemmed query ('' for a stop word). */
export interface WordStat {
  word: string;
  tsQuery: string;
}

/** How often two neighbouring content words occur as a phrase, and how often together at all. */
export interface PairStat {
  phrase: number;
  both: number;
}

/** A phrase is one concept when at least this many grants use it… */
const MIN_PHRASE_GRANTS = 2;
/** …and at least this share of the grants holding both words hold them as the phrase. */
const MIN_PHRASE_SHARE = 0.5;

/**
 * The query's concepts, in order: neighbouring content words merge into one concept when the grants use
 * them as a phrase (MIN_PHRASE_GRANTS, MIN_PHRASE_SHARE). Stop words join the concept they sit inside
 * ("history of medicine") and are dropped elsewhere. `pairs[i]` is the pair of content words i and i + 1.
 */
export function groupConcepts(words: readonly WordStat[], pairs: readonly PairStat[]): string[] {
  const content = words.filter((word) => word.tsQuery !== '');
  const concepts: string[][] = [];
  content.forEach((word, i) => {
    const pair = pairs[i - 1];
    const joins = i > 0 && pair && pair.phrase >= MIN_PHRASE_GRANTS && pair.phrase >= MIN_PHRASE_SHARE * pair.both;
    if (joins) {
      const current = concepts.at(-1) as string[];
      const from = words.indexOf(content[i - 1] as WordStat) + 1;
      current.push(...words.slice(from, words.indexOf(word) + 1).map((w) => w.word));
    } else {
      concepts.push([word.word]);
    }
  });
  return concepts.map((concept) => concept.join(' '));
}

/** Neighbouring content words of the query, as the phrases groupConcepts asks about. */
export function contentPairs(words: readonly WordStat[]): string[] {
  const content = words.filter((word) => word.tsQuery !== '');
  return content.slice(1).map((word, i) => {
    const first = words.indexOf(content[i] as WordStat);
    return words
      .slice(first, words.indexOf(word) + 1)
      .map((w) => w.word)
      .join(' ');
  });
}

/** Rarity weight of a concept: ln(1 + grants / grants holding it). */
export const rarity = (total: number, holding: number) => Math.log(1 + total / Math.max(holding, 1));

/** With fewer grants than this holding every concept, grants holding some of them are shown too. */
export const FEW_FULL_MATCHES = 3;

const NOUNS: Record<TGrantKind | 'any', [string, string]> = {
  award: ['award', 'awards'],
  opportunity: ['open call', 'open calls'],
  any: ['grant', 'grants'],
};

/**
 * The sentence above partial matches: "No award mentions all of machine learning, cancer; showing awards
 * on cancer and on machine learning", or "Only 1 award mentions all of …; also showing awards on …".
 */
export function partialNotice(
  kind: TGrantKind | undefined,
  concepts: readonly string[],
  allCount: number,
  showing: readonly string[],
): string {
  const [one, many] = NOUNS[kind ?? 'any'];
  const all = concepts.join(', ');
  const on = showing.join(' and on ');
  if (allCount === 0) return `No ${one} mentions all of ${all}; showing ${many} on ${on}`;
  const held = allCount === 1 ? `Only 1 ${one} mentions` : `Only ${allCount} ${many} mention`;
  return `${held} all of ${all}; also showing ${many} on ${on}`;
}
