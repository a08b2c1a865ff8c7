import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { notImplementedRouter } from '../not-implemented';
import { search } from './search.service';

const s = initServer();

const { search: _search, ...aiRoutes } = contract.search;

export const createSearchRouter = ({ db }: AppContext) =>
  s.router(contract.search, {
    search: async ({ body }) => ({ status: 200, body: await search(db, body) }),
    // Summaries, conversational and grant search arrive with the AI and grants issues.
    ...notImplementedRouter(aiRoutes),
  });
