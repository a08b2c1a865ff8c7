import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { selectTopicalVectors } from './recommendations.repo';
import type { TermStats } from './term-stats';
import { buildVector, type TermVector } from './term-vectors';
import { parseTsvector } from './tsvector-text';

/** One string per paper, for maps keyed by (platform, paper_id). */

/** What the recommender knows of a paper: its tf-idf vector and its categories. */
export interface PaperProfile {
  vector: TermVector;
  categories: string[];
}

/** The profiles of the given papers, keyed by paperRefKey, in one query. */
export async function loadProfiles(
  db: Db,
  refs: readonly TPaperRef[],
  stats: TermStats,
): Promise<Map<string, PaperProfile>> {
  const profiles = new Map<string, PaperProfile>();
  for (const row of await selectTopicalVectors(db, refs)) {
    const key = paperRefKey({ platform: row.platform, paper_id: row.paperId });
    profiles.set(key, { vector: buildVector(parseTsvector(row.vector), stats), categories: row.categories });
  }
  return profiles;
}
