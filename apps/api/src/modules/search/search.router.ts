import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { analyzePaper } from '../conversational/analyze-paper.service';
import { conversationalSearch } from '../conversational/conversational-search.service';
import { createGrantSearchRoute } from '../grants/grants.router';
import { summarizeSearchResults } from '../summaries/search-summary.service';
import { search } from './search.service';
import { corpusCategories } from './search-categories.repo';
import { suggestSearches } from './search-suggestions.service';

const s = initServer();

export const createSearchRouter = (context: AppContext) => {
  const { db, readDb, ai } = context;
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
    summary: async ({ body }) => ({ status: 200, body: await summarizeSearchResults(ai, body) }),
    grantSearch: createGrantSearchRoute(context),
    // docs/ai.md#conversational-search
    conversationalSearch: async ({ body, request }) => ({
      status: 200,
      body: await conversationalSearch({ db, ai }, body, request.log),
    }),
    analyzePaper: async ({ body, request }) => ({
      status: 200,
      body: await analyzePaper({ db, ai }, request.userId, body),
    }),
  });
};
