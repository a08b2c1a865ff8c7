import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import { centroid, type TermVector } from '../recommendations/term-vectors';

/**
 * docs/ideas.md#offline-literature-based-discovery: Swanson's ABC model without a model. A: terms
 * distinctive of the basis papers; B: terms the A literature shares with other papers (bridges);
 * C: terms of the B literature (papers with B but not A) that never appear in the A literature and
 * that no paper of the corpus holds together with A. Each (A, C) pair is an "apply A to C" proposal,
 * with the papers that document its A–B and B–C links. Deterministic: same corpus, same links.
 */

/** A paper as the discovery sees it: its reference and its tf-idf vector (title and abstract). */
export interface LbdDoc {
  ref: TPaperRef;
  vector: TermVector;
}

/** Where the literatures come from: the corpus (ideas-corpus.repo.ts) or, in unit tests, an array. */
export interface LbdSource {
  /** Papers holding `term`, without `without` when given (at most a fixed number, deterministic). */
  papersWith(term: string, without?: string): Promise<LbdDoc[]>;
  /** The (a, c) pairs some paper of the corpus holds together, as `a c` keys. */
  cooccurring(pairs: readonly [string, string][]): Promise<Set<string>>;
  /**
   * Whether a term is selective enough to name a concept (the recommender's rule for query terms: in
   * at most 3 % of the corpus, or 50 papers): 'model' or 'network' link everything to everything and
   * make poor bridges and targets.
   */
  isSelective(term: string): boolean;
}

export interface AbcLink {
  a: string;
  b: string;
  c: string;
  score: number;
  /** Papers holding A and B (basis papers first). */
  abPapers: TPaperRef[];
  /** Papers holding B and C, none of them holding A. */
  bcPapers: TPaperRef[];
}

/** A terms taken from the basis papers. */
export const A_TERMS = 3;
/** Bridging terms tried per A term. */
export const B_TERMS = 5;
/** Target terms kept per bridge. */
export const C_TERMS = 5;
/** Evidence papers kept per link. */
export const EVIDENCE_PAPERS = 3;
/** A term of the topic itself weighs this much more when A terms are chosen. */
const TOPIC_BOOST = 2;

const byWeight = (a: [string, number], b: [string, number]) => b[1] - a[1] || a[0].localeCompare(b[0]);

/**
 * The basis papers' heaviest lexemes (their tf-idf centroid) times the number of basis papers holding
 * each, so a term they share ('entanglement') beats a rare word of one of them ('bin'); the topic's
 * own terms boosted.
 */
export function distinctiveTerms(basis: readonly LbdDoc[], topicTerms: ReadonlySet<string>, limit = A_TERMS): string[] {
  const profile = centroid(basis.map((doc) => doc.vector));
  const support = (term: string) => basis.filter((doc) => doc.vector.has(term)).length;
  return [...profile]
    .map(([term, weight]): [string, number] => [
      term,
      weight * support(term) * (topicTerms.has(term) ? TOPIC_BOOST : 1),
    ])
    .sort(byWeight)
    .slice(0, limit)
    .map(([term]) => term);
}

/** Terms of a literature by their mean weight in it, those `keep` accepts. */
export function literatureTerms(
  docs: readonly LbdDoc[],
  keep: (term: string) => boolean,
  limit: number,
): [string, number][] {
  const sums = new Map<string, number>();
  for (const doc of docs) {
    for (const [term, weight] of doc.vector) {
      if (keep(term)) sums.set(term, (sums.get(term) ?? 0) + weight);
    }
  }
  return [...sums]
    .map(([term, sum]): [string, number] => [term, sum / Math.max(1, docs.length)])
    .sort(byWeight)
    .slice(0, limit);
}

const holding = (docs: readonly LbdDoc[], term: string) => docs.filter((doc) => doc.vector.has(term));

function unionDocs(...lists: (readonly LbdDoc[])[]): LbdDoc[] {
  const seen = new Map<string, LbdDoc>();
  for (const list of lists)
    for (const doc of list) if (!seen.has(paperRefKey(doc.ref))) seen.set(paperRefKey(doc.ref), doc);
  return [...seen.values()];
}

/** The ABC links of the basis papers, best first, at most `count`, each with a different C. */
export async function discoverLinks(
  source: LbdSource,
  basis: readonly LbdDoc[],
  { topicTerms, count }: { topicTerms: ReadonlySet<string>; count: number },
): Promise<AbcLink[]> {
  const aTerms = distinctiveTerms(basis, topicTerms);
  const best = new Map<string, AbcLink>();
  for (const a of aTerms) {
    const aDocs = unionDocs(holding(basis, a), await source.papersWith(a));
    // The A literature's whole vocabulary: a C term must be foreign to it.
    const aVocabulary = new Set<string>(aTerms);
    for (const doc of aDocs) for (const term of doc.vector.keys()) aVocabulary.add(term);
    const isBridge = (term: string) => !aTerms.includes(term) && source.isSelective(term);
    const isTarget = (term: string) => !aVocabulary.has(term) && source.isSelective(term);
    for (const [b, bWeight] of literatureTerms(aDocs, isBridge, B_TERMS)) {
      const bDocs = await source.papersWith(b, a);
      for (const [c, cWeight] of literatureTerms(bDocs, isTarget, C_TERMS)) {
        const link: AbcLink = {
          a,
          b,
          c,
          score: bWeight * cWeight,
          abPapers: holding(aDocs, b)
            .slice(0, EVIDENCE_PAPERS)
            .map((doc) => doc.ref),
          bcPapers: holding(bDocs, c)
            .slice(0, EVIDENCE_PAPERS)
            .map((doc) => doc.ref),
        };
        const key = `${a} ${c}`;
        const current = best.get(key);
        if (!current || link.score > current.score) best.set(key, link);
      }
    }
  }
  // Only within the fetched literatures so far: the corpus as a whole has the last word.
  const together = await source.cooccurring([...best.values()].map(({ a, c }) => [a, c]));
  const ranked = [...best.values()]
    .filter((link) => !together.has(`${link.a} ${link.c}`))
    .sort((x, y) => y.score - x.score || `${x.a} ${x.c}`.localeCompare(`${y.a} ${y.c}`));
  const chosen: AbcLink[] = [];
  const usedTargets = new Set<string>();
  for (const link of ranked) {
    if (chosen.length >= count) break;
    if (usedTargets.has(link.c)) continue;
    usedTargets.add(link.c);
    chosen.push(link);
  }
  return chosen;
}
