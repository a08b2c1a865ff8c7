import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { countPapers, findRecentPapers, recordPaperClick } from './papers.service';

const s = initServer();

export const createPapersRouter = ({ db, readDb }: AppContext) =>
  s.router(contract.papers, {
    // docs/deploy.md#read-replica: listing and counting the corpus read from the replica when there is one.
    list: async ({ query }) => ({ status: 200, body: await findRecentPapers(readDb, query) }),
    count: async () => ({ status: 200, body: await countPapers(readDb) }),
    click: async ({ params, query, request }) => {
      await recordPaperClick(db, { platform: query.platform, paperId: params.id, userId: request.userId });
      return { status: 200, body: { ok: true } };
    },
  });
