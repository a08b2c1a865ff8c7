import type { TRecommendation } from '@paperbench/contract';
import { useQuery } from '@tanstack/react-query';
import { tsr } from '../../api/client';
import { ok } from '../../api/library-api';
import { recommendationKeys } from '../../api/query-keys';

/** spec §9 default page size; the page shows a little more than one screen's worth. */
const LIMIT = 20;

async function fetchRecommendations(folderId: number | null, excludeExisting: boolean): Promise<TRecommendation[]> {
  const query = { limit: LIMIT, exclude_existing: excludeExisting };
  const response = ok(
    folderId === null
      ? await tsr.recommendations.forUser.query({ query })
      : await tsr.recommendations.forFolder.query({ params: { id: folderId }, query }),
  );
  return response.status === 200 ? response.body.papers : [];
}

/**
 * spec §7 GET /api/recommendations/user or /folder/{id}. `librarySize` is part of the key, so adding
 * a recommended paper to a folder asks again (and, with exclude_existing, it leaves the list).
 */
export function useRecommendations(folderId: number | null, excludeExisting: boolean, librarySize: number) {
  return useQuery({
    queryKey: recommendationKeys.list(folderId, excludeExisting, librarySize),
    queryFn: () => fetchRecommendations(folderId, excludeExisting),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
