import { paperRefKey, type TNoveltyCheck, type TNoveltyLabel, type TPaperRef } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { loadProfiles } from '../recommendations/paper-vectors';
import { selectQueryTerms } from '../recommendations/query-terms';
import { selectCandidates } from '../recommendations/recommendations.repo';
import type { TermStats, TermStatsSource } from '../recommendations/term-stats';
import { cosine, sharedLexemes } from '../recommendations/term-vectors';
import { nearestPapers, surfaceWords, textVector } from './corpus-vectors';
import { selectCalibrationSample } from './ideas-corpus.repo';

/**
 * docs/ideas.md#novelty-check: every idea is compared with the whole public corpus without a model.
 * The label says where the idea's top similarity falls among the similarities corpus papers have to
 * their own nearest neighbour (docs/ideas.md#calibration): the model, when there is one, may only
 * write the rationale.
 */

/** Nearest papers shown per idea. */
export const NEAREST_SHOWN = 5;
/** Shared terms shown per nearest paper. */
const SHARED_TERMS_SHOWN = 6;
/** Corpus papers whose nearest-neighbour similarity calibrates the label. */
export const CALIBRATION_SAMPLE = 120;
/** Query terms and candidates per calibration paper: enough to find its nearest neighbour, cheap. */
const CALIBRATION_TERMS = 12;
const CALIBRATION_CANDIDATES = 25;

/**
 * At or above the median nearest-neighbour similarity: as close to an existing paper as a typical
 * paper is to its closest one. At or above the 90th percentile: closer than nine papers in ten are.
 */
export const PARTLY_EXPLORED_PERCENTILE = 50;
export const WELL_EXPLORED_PERCENTILE = 90;

/** The value at percentile p (0..100) of ascending values, linearly interpolated; 1 when there are none. */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 1;
  const position = (p / 100) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? 0;
  const high = sorted[upper] ?? low;
  return low + (high - low) * (position - lower);
}

/** Share of the calibration values below `value` (ties counted half), 0..100. */
export function percentileOf(value: number, sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  let below = 0;
  for (const other of sorted) {
    if (other < value) below += 1;
    else if (other === value) below += 0.5;
  }
  return (below / sorted.length) * 100;
}

/** The label of a top similarity against the corpus's calibration (ascending nearest-neighbour similarities). */
export function noveltyLabel(
  topSimilarity: number,
  calibration: readonly number[],
): { label: TNoveltyLabel; percentile: number; cutoffs: TNoveltyCheck['cutoffs'] } {
  const cutoffs = {
    partly_explored: quantile(calibration, PARTLY_EXPLORED_PERCENTILE),
    well_explored: quantile(calibration, WELL_EXPLORED_PERCENTILE),
  };
  const percentile = Math.round(percentileOf(topSimilarity, calibration) * 10) / 10;
  const label: TNoveltyLabel =
    calibration.length > 0 && topSimilarity >= cutoffs.well_explored
      ? 'well_explored'
      : calibration.length > 0 && topSimilarity >= cutoffs.partly_explored
        ? 'partly_explored'
        : 'likely_novel';
  return { label, percentile, cutoffs };
}

/** Each sampled paper's cosine with its nearest other paper, ascending. */
async function computeCalibration(db: Db, stats: TermStats): Promise<number[]> {
  const sample = await selectCalibrationSample(db, CALIBRATION_SAMPLE);
  const profiles = await loadProfiles(db, sample, stats);
  const candidatesOf = new Map<string, string[]>();
  const pool = new Map<string, { platform: string; paper_id: string }>();
  for (const ref of sample) {
    const vector = profiles.get(paperRefKey(ref))?.vector;
    if (!vector || vector.size === 0) continue;
    const terms = selectQueryTerms(vector, stats).slice(0, CALIBRATION_TERMS);
    const found = (await selectCandidates(db, terms, { limit: CALIBRATION_CANDIDATES + 1 })).filter(
      (candidate) => paperRefKey(candidate) !== paperRefKey(ref),
    );
    candidatesOf.set(paperRefKey(ref), found.map(paperRefKey));
    for (const candidate of found) pool.set(paperRefKey(candidate), candidate);
  }
  const poolProfiles = await loadProfiles(db, [...pool.values()], stats);
  const similarities: number[] = [];
  for (const [key, candidates] of candidatesOf) {
    const vector = profiles.get(key)?.vector ?? new Map();
    let best = 0;
    for (const candidate of candidates)
      best = Math.max(best, cosine(vector, poolProfiles.get(candidate)?.vector ?? new Map()));
    similarities.push(best);
  }
  return similarities.sort((a, b) => a - b);
}

export type CalibrationSource = () => Promise<number[]>;

/** The calibration, computed once per corpus size (the term statistics rebuild when the corpus drifts). */
export function createCalibrationCache(db: Db, termStats: TermStatsSource): CalibrationSource {
  let cached: { documents: number; values: Promise<number[]> } | undefined;
  return async () => {
    const stats = await termStats();
    if (cached?.documents !== stats.documents) {
      const values = computeCalibration(db, stats);
      cached = { documents: stats.documents, values };
      values.catch(() => {
        if (cached?.values === values) cached = undefined;
      });
    }
    return cached.values;
  };
}

export type NoveltyFacts = Omit<TNoveltyCheck, 'rationale' | 'rationale_source'>;

/**
 * The idea's text against the corpus: its 5 nearest papers, the corpus size, the calibrated label. The
 * topic's papers (`pool`) are always among the candidates: an idea is new or not against its own field.
 */
export async function checkNovelty(
  db: Db,
  { stats, calibration }: { stats: TermStats; calibration: readonly number[] },
  idea: { title: string; body: string; pool?: readonly TPaperRef[] },
): Promise<NoveltyFacts> {
  const vector = await textVector(db, stats, idea.title, idea.body);
  const nearest = vector.size > 0 ? await nearestPapers(db, stats, vector, NEAREST_SHOWN, { pool: idea.pool }) : [];
  const words = await surfaceWords(
    db,
    nearest.map((paper) => paper.ref),
  );
  const top = nearest[0]?.similarity ?? 0;
  return {
    ...noveltyLabel(top, calibration),
    searched: stats.documents,
    nearest: nearest.map((paper, index) => ({
      n: index + 1,
      platform: paper.ref.platform,
      paper_id: paper.ref.paper_id,
      title: paper.title,
      similarity: Math.round(paper.similarity * 1000) / 1000,
      shared_terms: sharedLexemes(vector, paper.vector)
        .flatMap((lexeme) => words.get(lexeme) ?? [])
        .slice(0, SHARED_TERMS_SHOWN),
    })),
  };
}

export const NOVELTY_LABEL_TEXT: Record<TNoveltyLabel, string> = {
  likely_novel: 'likely novel',
  partly_explored: 'partly explored',
  well_explored: 'well explored',
};

/** The rationale without a model: the numbers the label was computed from, in a sentence or two. */
export function deterministicRationale(facts: NoveltyFacts): string {
  const closest = facts.nearest[0];
  if (!closest) {
    return `No paper among the ${facts.searched} searched shares the idea's distinctive terms: ${NOVELTY_LABEL_TEXT[facts.label]}.`;
  }
  const shared = closest.shared_terms.length > 0 ? ` They share ${closest.shared_terms.slice(0, 4).join(', ')}.` : '';
  return (
    `The closest of the ${facts.searched} papers searched, “${closest.title}”, has a similarity of ${closest.similarity.toFixed(2)}, ` +
    `above ${Math.round(facts.percentile)} % of corpus papers' similarity to their own nearest neighbour: ${NOVELTY_LABEL_TEXT[facts.label]}.${shared}`
  );
}
