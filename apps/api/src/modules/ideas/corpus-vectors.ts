import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { loadProfiles } from '../recommendations/paper-vectors';
import { selectQueryTerms } from '../recommendations/query-terms';
import { selectCandidates, selectPaperRows, selectSurfaceWords } from '../recommendations/recommendations.repo';
import type { TermStats } from '../recommendations/term-stats';
import { buildVector, cosine, type TermVector } from '../recommendations/term-vectors';
import { parseTsvector } from '../recommendations/tsvector-text';
import { textTsvector } from './ideas-corpus.repo';

/**
 * The corpus side of the AI Scientist (docs/ideas.md): the recommender's tf-idf vectors
 * (modules/recommendations), applied to free text (a topic, an idea) instead of a user's papers.
 */

/** Candidates re-scored exactly for the nearest papers of a text. */
const NEAREST_CANDIDATES = 150;

/** Terms of a text whose words are all common (no selective one) still gather candidates: its heaviest few. */
const FALLBACK_QUERY_TERMS = 8;

/** A free text's tf-idf vector, lexemes stemmed as the papers' search vectors are. */
export async function textVector(db: Db, stats: TermStats, title: string, body: string): Promise<TermVector> {
  return buildVector(parseTsvector(await textTsvector(db, title, body)), stats);
}

export interface Neighbour {
  ref: TPaperRef;
  title: string;
  abstract: string;
  vector: TermVector;
  similarity: number;
}

/**
 * The public papers nearest a vector by cosine, nearest first (ties by key): its heaviest selective
 * terms gather candidates through the full-text index, each then scored exactly ("more like this").
 * `pool` adds candidates the caller knows to be near (a topic's papers, docs/ideas.md#novelty-check).
 */
export async function nearestPapers(
  db: Db,
  stats: TermStats,
  vector: TermVector,
  limit: number,
  { exclude = new Set(), pool = [] }: { exclude?: ReadonlySet<string>; pool?: readonly TPaperRef[] } = {},
): Promise<Neighbour[]> {
  let terms = selectQueryTerms(vector, stats);
  // "graph neural networks": every word is common; its heaviest words still find the papers on it.
  if (terms.length === 0) {
    terms = [...vector]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, FALLBACK_QUERY_TERMS)
      .map(([term, weight]) => ({ term, weight }));
  }
  const gathered = await selectCandidates(db, terms, { limit: NEAREST_CANDIDATES + exclude.size });
  const candidates = [...new Map([...gathered, ...pool].map((ref) => [paperRefKey(ref), ref])).values()].filter(
    (ref) => !exclude.has(paperRefKey(ref)),
  );
  const profiles = await loadProfiles(db, candidates, stats);
  const ranked = candidates
    .map((ref) => {
      const paperVector = profiles.get(paperRefKey(ref))?.vector ?? new Map();
      return { ref, vector: paperVector, similarity: cosine(vector, paperVector) };
    })
    .filter((entry) => entry.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity || paperRefKey(a.ref).localeCompare(paperRefKey(b.ref)))
    .slice(0, limit);
  const rows = new Map(
    (
      await selectPaperRows(
        db,
        ranked.map((entry) => entry.ref),
      )
    ).map((row) => [paperRefKey({ platform: row.platform ?? '', paper_id: row.paperId ?? '' }), row]),
  );
  return ranked.map((entry) => {
    const row = rows.get(paperRefKey(entry.ref));
    return { ...entry, title: row?.title ?? entry.ref.paper_id, abstract: row?.abstract ?? '' };
  });
}

/**
 * Lexeme → the word of the given papers that stems to it most often (shortest on a tie), so terms
 * read as words ('transformer'), not stems ('transform'), as the recommendations' explanations do.
 */
export async function surfaceWords(db: Db, refs: readonly TPaperRef[]): Promise<Map<string, string>> {
  const best = new Map<string, { word: string; uses: number }>();
  for (const { word, lexeme, uses } of await selectSurfaceWords(db, refs)) {
    if (!lexeme) continue;
    const current = best.get(lexeme);
    if (!current || uses > current.uses || (uses === current.uses && word.length < current.word.length)) {
      best.set(lexeme, { word, uses });
    }
  }
  return new Map([...best].map(([lexeme, { word }]) => [lexeme, word]));
}
