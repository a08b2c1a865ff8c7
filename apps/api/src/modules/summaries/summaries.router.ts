import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { summarizeSearchResults } from './search-summary.service';

const s = initServer();

/**
 * The contract's `summaries` group: POST /api/search-summary/ (docs/ai.md). A folder's summary is served by
 * the folders router, which reads the folder, through folder-summary.service.ts.
 */
export const createSummariesRouter = ({ ai }: AppContext) =>
  s.router(contract.summaries, {
    summary: async ({ body }) => ({ status: 200, body: await summarizeSearchResults(ai, body) }),
  });
