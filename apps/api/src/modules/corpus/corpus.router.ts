import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { getCorpusStatus } from './corpus-status.service';

const s = initServer();

/** docs/ingest.md#freshness: GET /api/corpus/status, public (the search budget counts it, as GET /api/papers/count). */
export const createCorpusRouter = ({ db, config }: AppContext) =>
  s.router(contract.corpus, {
    status: async () => ({ status: 200, body: await getCorpusStatus(db, config) }),
  });
