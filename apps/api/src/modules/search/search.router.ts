import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { search } from './search.service';
import { corpusCategories } from './search-categories.repo';
import { suggestSearches } from './search-suggestions.service';

const s = initServer();

/** The contract's `search` group: paper search, the category filter's archives, the search box's completions. */
export const createSearchRouter = (context: AppContext) => {
  const { db, readDb } = context;
  return s.router(contract.search, {
    // docs/deploy.md#read-replica: the site's heaviest read is answered from the replica when there is one.
    search: async ({ body, request }) => ({
      status: 200,
      body: await search(readDb, body, request.log, { record: db, fetch: { context, caller: request.userId } }),
    }),
    categories: async () => ({ status: 200, body: { archives: (await corpusCategories(db)).archives } }),
    searchSuggestions: async ({ query }) => ({
      status: 200,
      body: { suggestions: await suggestSearches(db, query.q) },
    }),
  });
};
