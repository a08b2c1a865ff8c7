import type { TGrantSearchRequestInput, TGrantSearchResponse } from '@paperbench/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import { expectStatus } from '../../api/expect-status';
import { isSearchable, type TGrantUrlState } from './grant-url';

/**
 * The grants domain (requirements §2 /grants, docs/grants.md#search): query keys and the search. Every result
 * set is cached under its whole request, so Back to a /grants URL shows its pages without asking again.
 */
export const grantKeys = {
  all: ['grants'] as const,
  search: (state: TGrantUrlState) => [...grantKeys.all, 'search', state] as const,
};

/** Grants per page ("Load more" asks for the next one). */
export const GRANT_PAGE_SIZE = 20;

/** The request body a /grants URL stands for: only the filters that are set, so the API sees no blanks. */
export function grantSearchBody(state: TGrantUrlState, offset = 0): TGrantSearchRequestInput {
  return {
    query: state.query,
    kind: state.kind,
    sort: state.sort,
    limit: GRANT_PAGE_SIZE,
    offset,
    ...(state.agencies.length > 0 && { agencies: state.agencies }),
    ...(state.amountMin !== null && { amount_min: state.amountMin }),
    ...(state.amountMax !== null && { amount_max: state.amountMax }),
    ...(state.from && { date_from: state.from }),
    ...(state.to && { date_to: state.to }),
    ...(state.organisation && { organisation: state.organisation }),
    ...(state.pi && { pi: state.pi }),
    ...(state.folderId !== null && { folder_id: state.folderId }),
  };
}

/** POST /api/improved-grant-search/search, page by page; a failure is thrown, for parseApiError to read. */
export const grantSearchQuery = (state: TGrantUrlState) =>
  infiniteQueryOptions({
    queryKey: grantKeys.search(state),
    queryFn: async ({ pageParam, signal }): Promise<TGrantSearchResponse> =>
      expectStatus(
        await apiClient.grants.grantSearch({ body: grantSearchBody(state, pageParam), fetchOptions: { signal } }),
        200,
      ).body,
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
      return last.results.length > 0 && loaded < last.total ? loaded : undefined;
    },
    // Each request spends the search budget (docs/security.md#rate-limits-and-quotas) and may ask the model to
    // expand the query: a failure is shown with Try again rather than asked again on its own.
    retry: false,
    staleTime: 5 * 60_000,
  });

/**
 * The grants a /grants URL stands for; nothing is asked until there is a query or a folder. While a
 * changed search loads, the previous answer stays (the filters keep their facets; the list is marked busy).
 */
export function useGrantSearchQuery(state: TGrantUrlState) {
  return useInfiniteQuery({
    ...grantSearchQuery(state),
    enabled: isSearchable(state),
    placeholderData: keepPreviousData,
  });
}

/**
 * The cached answer to `state` if it was asked before, never a request: the agency list reads the facet of
 * the same search without its agency filter, so choosing one agency does not hide the others.
 */
export function useCachedGrantSearch(state: TGrantUrlState) {
  return useInfiniteQuery({ ...grantSearchQuery(state), enabled: false }).data;
}
