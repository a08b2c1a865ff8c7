import type { TSearchResponse } from '@paperbench/contract';
import { tsr } from '../../api/client';
import type { TSearchUrlState } from './search-url';

/** spec §9: search default limit. */
export const SEARCH_LIMIT = 30;

/** POST /api/search/ (spec §7); a non-200 answer is thrown, for parseApiError to read. */
export async function searchPapers(
  { query, sort, categories, from, to }: TSearchUrlState,
  includeSummary: boolean,
): Promise<TSearchResponse> {
  const response = await tsr.search.search.mutate({
    body: {
      query,
      sort,
      limit: SEARCH_LIMIT,
      offset: 0,
      include_summary: includeSummary,
      summary_type: 'full',
      ...(categories.length > 0 && { categories }),
      ...(from && { from }),
      ...(to && { to }),
    },
  });
  if (response.status !== 200) throw response;
  return response.body;
}
