import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { countPapers, findRecentPapers, recordPaperClick } from './papers.service';

const s = initServer();

export const createPapersRouter = ({ db }: AppContext) =>
  s.router(contract.papers, {
    list: async ({ query }) => ({ status: 200, body: await findRecentPapers(db, query) }),
    count: async () => ({ status: 200, body: await countPapers(db) }),
    click: async ({ params, query, request }) => {
      await recordPaperClick(db, { platform: query.platform, paperId: params.id, userId: request.userId });
      return { status: 200, body: { ok: true } };
    },
  });
