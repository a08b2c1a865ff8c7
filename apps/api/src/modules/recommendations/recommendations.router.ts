import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { recommendForFolder, recommendForUser } from './recommendations.service';
import { createTermStatsCache } from './term-stats';

const s = initServer();

/** spec §7 Recommendations. The corpus' term statistics are computed on first use and kept per app. */
export const createRecommendationsRouter = ({ db }: AppContext) => {
  const termStats = createTermStatsCache(db);
  return s.router(contract.recommendations, {
    forUser: async ({ query, request }) => ({
      status: 200,
      body: await recommendForUser(db, termStats, requireUser(request), query),
    }),
    forFolder: async ({ params, query, request }) => ({
      status: 200,
      body: await recommendForFolder(db, termStats, requireUser(request), params.id, query),
    }),
  });
};
