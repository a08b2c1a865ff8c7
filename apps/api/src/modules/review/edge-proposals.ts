import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import { documentFrequencies } from '../../ai/grounding/bm25';
import { tokenize } from '../../ai/text/normalize';

/**
 * docs/review.md#graph: when a graph is completed, pairs of its papers whose text is alike are
 * proposed as edges. Pure: the papers' text in, the proposals out.
 */

export interface ProposalPaper {
  ref: TPaperRef;
  /** The paper's passages joined (or its title and abstract when it has none). */
  text: string;
  /** Publication year; the later paper of a pair is the proposal's source ("builds on" the earlier). */
  year: number | null;
}

export interface ProposalOptions {
  /** The least tf-idf cosine a pair needs (calibrated in docs/review.md#graph). */
  threshold: number;
  /** Proposals touching one paper, at most. */
  maxPerNode: number;
  /** Proposals per completion, at most. */
  maxTotal: number;
  /** Shared terms shown per proposal. */
  sharedTerms: number;
}

export const PROPOSAL_OPTIONS: ProposalOptions = { threshold: 0.15, maxPerNode: 2, maxTotal: 10, sharedTerms: 5 };

/** 'cites': one paper's reference list resolves to the other (docs/references.md); 'overlap': tf-idf words. */
export type ProposalKind = 'cites' | 'overlap';

export interface EdgeProposal {
  source: TPaperRef;
  target: TPaperRef;
  similarity: number;
  sharedTerms: string[];
  kind: ProposalKind;
}

/** A citation between two of the graph's papers: `source`'s references resolve to `target`. */
export interface CitationLink {
  source: TPaperRef;
  target: TPaperRef;
}

type Vector = Map<string, number>;

export const pairKey = (a: TPaperRef, b: TPaperRef): string => {
  const [x, y] = [paperRefKey(a), paperRefKey(b)].sort();
  return `${x}\u0001${y}`;
};

/**
 * tf-idf vectors, L2-normalised: sublinear term frequency (1 + ln tf) so a term repeated throughout one
 * paper does not drown the rest, and smoothed IDF over the session's own papers, ln((1 + N) / (1 + df)) + 1
 * (as scikit-learn's), which stays positive so terms every paper shares still count a little.
 */
export function tfidfVectors(documents: readonly (readonly string[])[]): Vector[] {
  const frequencies = documentFrequencies(documents);
  const n = documents.length;
  return documents.map((terms) => {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    const vector: Vector = new Map();
    let norm = 0;
    for (const [term, tf] of counts) {
      const weight = (1 + Math.log(tf)) * (Math.log((1 + n) / (1 + (frequencies.get(term) ?? 0))) + 1);
      vector.set(term, weight);
      norm += weight * weight;
    }
    const length = Math.sqrt(norm);
    if (length > 0) for (const [term, weight] of vector) vector.set(term, weight / length);
    return vector;
  });
}

/** Cosine of two L2-normalised sparse vectors: their dot product. */
export function sparseCosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return Math.min(1, Math.max(0, dot));
}

/** The terms that add most to the pair's cosine, best first (stems). */
export function topSharedTerms(a: Vector, b: Vector, limit: number): string[] {
  const shared: [string, number][] = [];
  for (const [term, weight] of a) {
    const other = b.get(term);
    if (other !== undefined) shared.push([term, weight * other]);
  }
  return shared
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .slice(0, limit)
    .map(([term]) => term);
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Each stem as its most frequent spelling in the texts ("model" → "models"), for showing people. */
export function surfaceForms(texts: readonly string[], stems: ReadonlySet<string>): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const text of texts) {
    for (const [word] of text.toLowerCase().matchAll(WORD)) {
      const [stemmed] = tokenize(word);
      if (stemmed === undefined || !stems.has(stemmed)) continue;
      const spellings = counts.get(stemmed) ?? new Map<string, number>();
      spellings.set(word, (spellings.get(word) ?? 0) + 1);
      counts.set(stemmed, spellings);
    }
  }
  const forms = new Map<string, string>();
  for (const [stemmed, spellings] of counts) {
    const [best] = [...spellings].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
    if (best) forms.set(stemmed, best[0]);
  }
  return forms;
}

/** The later paper first (by year; same or unknown year: the one added later). */
function orient(papers: readonly ProposalPaper[], i: number, j: number): [ProposalPaper, ProposalPaper] {
  const [a, b] = [papers[i] as ProposalPaper, papers[j] as ProposalPaper];
  if (a.year !== null && b.year !== null && a.year !== b.year) return a.year > b.year ? [a, b] : [b, a];
  return i > j ? [a, b] : [b, a];
}

/**
 * The proposals for a graph (docs/review.md#graph): first a 'cites' proposal for every citation
 * between two of its papers (citing paper → cited paper) whose pair is not in `linked`; then, for the
 * pairs left, every pair with a cosine at least `threshold`, most similar first, greedily kept while
 * neither paper has `maxPerNode` proposals, up to `maxTotal` ('overlap'). `linked` holds the pairKey of
 * any edge row, either direction, drawn, proposed or dismissed.
 */
export function proposeEdges(
  papers: readonly ProposalPaper[],
  linked: ReadonlySet<string>,
  options: ProposalOptions = PROPOSAL_OPTIONS,
  citations: readonly CitationLink[] = [],
): EdgeProposal[] {
  const cited = new Set(linked);
  const cites: EdgeProposal[] = [];
  for (const link of citations) {
    const key = pairKey(link.source, link.target);
    if (cited.has(key) || paperRefKey(link.source) === paperRefKey(link.target)) continue;
    cited.add(key);
    cites.push({ source: link.source, target: link.target, similarity: 1, sharedTerms: [], kind: 'cites' });
  }
  return [
    ...cites,
    ...proposeOverlap(papers, cited, { ...options, maxTotal: Math.max(0, options.maxTotal - cites.length) }),
  ];
}

/** The word-overlap proposals (kind 'overlap'). */
function proposeOverlap(
  papers: readonly ProposalPaper[],
  linked: ReadonlySet<string>,
  options: ProposalOptions,
): EdgeProposal[] {
  const vectors = tfidfVectors(papers.map((paper) => tokenize(paper.text)));
  const candidates: { i: number; j: number; similarity: number }[] = [];
  for (let i = 0; i < papers.length; i++) {
    for (let j = i + 1; j < papers.length; j++) {
      const [a, b] = [papers[i] as ProposalPaper, papers[j] as ProposalPaper];
      if (linked.has(pairKey(a.ref, b.ref))) continue;
      const similarity = sparseCosine(vectors[i] as Vector, vectors[j] as Vector);
      if (similarity >= options.threshold) candidates.push({ i, j, similarity });
    }
  }
  candidates.sort((x, y) => y.similarity - x.similarity || x.i - y.i || x.j - y.j);
  const perNode = new Map<number, number>();
  const chosen: typeof candidates = [];
  for (const candidate of candidates) {
    if (chosen.length >= options.maxTotal) break;
    const [ni, nj] = [perNode.get(candidate.i) ?? 0, perNode.get(candidate.j) ?? 0];
    if (ni >= options.maxPerNode || nj >= options.maxPerNode) continue;
    perNode.set(candidate.i, ni + 1);
    perNode.set(candidate.j, nj + 1);
    chosen.push(candidate);
  }
  return chosen.map(({ i, j, similarity }) => {
    const stems = topSharedTerms(vectors[i] as Vector, vectors[j] as Vector, options.sharedTerms);
    const forms = surfaceForms([papers[i]?.text ?? '', papers[j]?.text ?? ''], new Set(stems));
    const [source, target] = orient(papers, i, j);
    return {
      source: source.ref,
      target: target.ref,
      similarity,
      sharedTerms: stems.map((term) => forms.get(term) ?? term),
      kind: 'overlap' as const,
    };
  });
}
