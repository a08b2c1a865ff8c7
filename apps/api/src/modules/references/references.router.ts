import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { listCitations, listMarkers, listReferences } from './references.service';

const s = initServer();

/** docs/references.md#routes: reads only, each checked like the paper itself (a stranger's upload is 404). */
export const createReferencesRouter = ({ db, config }: AppContext) =>
  s.router(contract.references, {
    list: async ({ params, query, request }) => ({
      status: 200,
      body: await listReferences(
        { db, config },
        { userId: request.userId },
        { platform: query.platform, paper_id: params.id },
      ),
    }),
    markers: async ({ params, query, request }) => ({
      status: 200,
      body: await listMarkers(db, { userId: request.userId }, { platform: query.platform, paper_id: params.id }),
    }),
    citations: async ({ params, query, request }) => ({
      status: 200,
      body: await listCitations(
        { db, config },
        { userId: request.userId },
        { platform: query.platform, paper_id: params.id },
      ),
    }),
  });
