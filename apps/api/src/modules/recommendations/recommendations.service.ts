import { paperRefKey, type TRecommendationQuery, type TRecommendationsResponse } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { requireAccess } from '../../policies/access';
import { blendScore, categoryAffinity, categoryShares } from './category-affinity';
import { loadProfiles } from './paper-vectors';
import { selectQueryTerms } from './query-terms';
import { explainRecommendations } from './recommendation-explain';
import { type KeptScope, keptRefsSubquery, selectCandidates, selectKeptPapers } from './recommendations.repo';
import type { TermStatsSource } from './term-stats';
import { centroid, cosine, type TermVector } from './term-vectors';

/** Candidates the query returns for exact re-scoring: a deep enough pool for any `limit` up to 100. */
const MIN_CANDIDATES = 150;

/**
 * tf-idf "more like these" (Rocchio): the kept papers' unit vectors summed into a profile; its
 * heaviest selective terms, as a weighted OR query, gather candidates through the full-text index;
 * each candidate is then scored by its exact cosine with the whole profile, blended with how well
 * its categories match the kept papers'.
 */
async function recommend(
  db: Db,
  termStats: TermStatsSource,
  scope: KeptScope,
  { limit, exclude_existing }: TRecommendationQuery,
): Promise<TRecommendationsResponse> {
  const kept = await selectKeptPapers(db, scope);
  if (kept.length === 0) return { papers: [] };
  const stats = await termStats();
  const keptProfiles = await loadProfiles(db, kept, stats);
  const keptVectors = new Map([...keptProfiles].map(([key, { vector }]) => [key, vector]));
  const profile = centroid(keptVectors.values());
  const shares = categoryShares([...keptProfiles.values()].map((p) => p.categories));
  const candidates = await selectCandidates(db, selectQueryTerms(profile, stats), {
    exclude: exclude_existing ? keptRefsSubquery(db, scope) : undefined,
    limit: Math.max(MIN_CANDIDATES, limit * 3),
  });
  const candidateProfiles = await loadProfiles(db, candidates, stats);
  const ranked = candidates
    .map((ref) => {
      const candidate = candidateProfiles.get(paperRefKey(ref));
      const vector: TermVector = candidate?.vector ?? new Map();
      const score = blendScore(cosine(profile, vector), categoryAffinity(shares, candidate?.categories ?? []));
      return { ref, vector, score };
    })
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score || paperRefKey(a.ref).localeCompare(paperRefKey(b.ref)))
    .slice(0, limit);
  const papers = await explainRecommendations(db, ranked, { kept, keptVectors, profile });
  return { papers };
}

/** requirements §7 GET /api/recommendations/user: from every paper in the caller's folders. */
export function recommendForUser(db: Db, termStats: TermStatsSource, userId: number, query: TRecommendationQuery) {
  return recommend(db, termStats, { userId }, query);
}

/**
 * requirements §7 GET /api/recommendations/folder/{id}: from one of the caller's folders (another's is 404).
 * The kept papers are read through the caller's scope as well (keptFilesQuery), the second wall.
 */
export async function recommendForFolder(
  db: Db,
  termStats: TermStatsSource,
  userId: number,
  folderId: number,
  query: TRecommendationQuery,
) {
  await requireAccess(db, { userId }, 'folder.read', [folderId]);
  return recommend(db, termStats, { userId, folderId }, query);
}
