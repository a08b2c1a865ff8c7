import type { contract } from '@paperbench/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { searchGrants } from './grants.service';
import { createQueryExpander } from './query-expansion';

/**
 * POST /api/improved-grant-search/search (docs/grants.md#search), served inside the search router. Public, like
 * paper search; folder_id reads a folder as the caller (anonymous: public folders only).
 */
export function createGrantSearchRoute({
  db,
  ai,
}: AppContext): RouterImplementation<typeof contract.search>['grantSearch'] {
  const expander = createQueryExpander(ai);
  return async ({ body, request }) => ({
    status: 200,
    body: await searchGrants({ db, expander }, { userId: request.userId }, body, request.log),
  });
}
