import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { analyzePaper } from './analyze-paper.service';
import { conversationalSearch } from './conversational-search.service';

const s = initServer();

/** The contract's `conversational` group (docs/ai.md#conversational-search). Public, like paper search. */
export const createConversationalRouter = ({ db, ai }: AppContext) =>
  s.router(contract.conversational, {
    conversationalSearch: async ({ body, request }) => ({
      status: 200,
      body: await conversationalSearch({ db, ai }, body, request.log),
    }),
    analyzePaper: async ({ body, request }) => ({
      status: 200,
      body: await analyzePaper({ db, ai }, request.userId, body),
    }),
  });
