import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { searchGrants } from './grants.service';
import { createQueryExpander } from './query-expansion';

const s = initServer();

/**
 * The contract's `grants` group: POST /api/improved-grant-search/search (docs/grants.md#search). Public, like
 * paper search; folder_id reads a folder as the caller (anonymous: public folders only).
 */
export const createGrantsRouter = ({ db, ai }: AppContext) => {
  const expander = createQueryExpander(ai);
  return s.router(contract.grants, {
    grantSearch: async ({ body, request }) => ({
      status: 200,
      body: await searchGrants({ db, expander }, { userId: request.userId }, body, request.log),
    }),
  });
};
