import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { recommendForFolder, recommendForUser } from './recommendations.service';

const s = initServer();

/** requirements §7 Recommendations, weighted by the corpus' term statistics (context.termStats). */
export const createRecommendationsRouter = ({ db, termStats }: AppContext) =>
  s.router(contract.recommendations, {
    forUser: async ({ query, request }) => ({
      status: 200,
      body: await recommendForUser(db, termStats, requireUser(request), query),
    }),
    forFolder: async ({ params, query, request }) => ({
      status: 200,
      body: await recommendForFolder(db, termStats, requireUser(request), params.id, query),
    }),
  });
