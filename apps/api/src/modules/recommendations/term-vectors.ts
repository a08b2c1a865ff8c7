import type { TermStats } from './term-stats';

/** Lexeme → tf-idf weight; vectors built here have unit length. */
export type TermVector = Map<string, number>;

/** What a paper's stored search vector says about one lexeme. */
export interface LexemeOccurrences {
  lexeme: string;
  inTitle: number;
  inAbstract: number;
}

/** A title word says more about what a paper is about than an abstract word. */
const TITLE_BOOST = 3;

/** Numbers, single letters and LaTeX fragments ('1', 'x', '2d') tell nothing about a subject. */
const isTopical = (lexeme: string) => lexeme.length > 2 && /^[a-z][a-z0-9]*[a-z]$/.test(lexeme);

/**
 * Inverse document frequency, or undefined for a lexeme no other paper has (df 1), which can never
 * connect two papers and would only dilute the rest of the vector.
 */
export function inverseFrequency(stats: TermStats, lexeme: string): number | undefined {
  const documents = stats.frequencies.get(lexeme);
  if (documents === undefined) return undefined;
  return Math.log(stats.documents / documents);
}

function normalize(vector: TermVector): TermVector {
  let sum = 0;
  for (const weight of vector.values()) sum += weight * weight;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (const [lexeme, weight] of vector) vector.set(lexeme, weight / norm);
  return vector;
}

/** Sublinear tf (title occurrences boosted) × idf, normalised to unit length. */
export function buildVector(occurrences: Iterable<LexemeOccurrences>, stats: TermStats): TermVector {
  const vector: TermVector = new Map();
  for (const { lexeme, inTitle, inAbstract } of occurrences) {
    if (!isTopical(lexeme)) continue;
    const idf = inverseFrequency(stats, lexeme);
    const tf = TITLE_BOOST * inTitle + inAbstract;
    if (idf === undefined || idf <= 0 || tf <= 0) continue;
    vector.set(lexeme, (1 + Math.log(tf)) * idf);
  }
  return normalize(vector);
}

/** Rocchio's "more like these": the normalised sum of the kept papers' unit vectors. */
export function centroid(vectors: Iterable<TermVector>): TermVector {
  const sum: TermVector = new Map();
  for (const vector of vectors) {
    for (const [lexeme, weight] of vector) sum.set(lexeme, (sum.get(lexeme) ?? 0) + weight);
  }
  return normalize(sum);
}

/** Cosine of two unit vectors: 0..1, since every weight is positive. */
export function cosine(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [lexeme, weight] of small) sum += weight * (large.get(lexeme) ?? 0);
  return Math.min(1, sum);
}

/** The lexemes two vectors share, by how much each adds to their cosine, largest first. */
export function sharedLexemes(a: TermVector, b: TermVector): string[] {
  const shared: [string, number][] = [];
  for (const [lexeme, weight] of a) {
    const other = b.get(lexeme);
    if (other !== undefined) shared.push([lexeme, weight * other]);
  }
  return shared.sort((x, y) => y[1] - x[1]).map(([lexeme]) => lexeme);
}
