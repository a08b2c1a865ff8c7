import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus, pathSegment } from '../../api/expect-status';
import { distinctFiles } from '../../lib/paper-refs';
import { useFoldersQuery } from '../library/api';

/** requirements §9 default page size; the page shows a little more than one screen's worth. */
const LIMIT = 20;

/** Recommendations (GET /api/recommendations/user and /folder/{id}): query keys and query. */
export const recommendationKeys = {
  all: ['recommendations'] as const,
  /** `folderId` null: from all of the user's files. `librarySize` refetches once papers are added or removed. */
  list: (folderId: number | null, excludeExisting: boolean, librarySize: number) =>
    [...recommendationKeys.all, { folderId, excludeExisting, librarySize }] as const,
};

export const recommendationsQuery = (folderId: number | null, excludeExisting: boolean, librarySize: number) =>
  queryOptions({
    queryKey: recommendationKeys.list(folderId, excludeExisting, librarySize),
    queryFn: async () => {
      const query = { limit: LIMIT, exclude_existing: excludeExisting };
      const response =
        folderId === null
          ? await apiClient.recommendations.forUser({ query })
          : await apiClient.recommendations.forFolder({ params: { id: pathSegment(folderId) }, query });
      return expectStatus(response, 200).body.papers;
    },
    staleTime: 60_000,
  });

/**
 * Papers like the user's files (`folderId` null) or one folder's. The library's size (from the
 * folder list) is part of the key, so adding a recommended paper to a folder asks again (and, with
 * exclude_existing, it leaves the list).
 */
export function useRecommendationsQuery(folderId: number | null, excludeExisting: boolean) {
  const { data: folders } = useFoldersQuery();
  const librarySize = folders ? distinctFiles(folders).length : 0;
  return useQuery({
    ...recommendationsQuery(folderId, excludeExisting, librarySize),
    // The list shown stays while another scope, or the grown library, is read.
    placeholderData: keepPreviousData,
  });
}
