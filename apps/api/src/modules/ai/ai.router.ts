import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { selectLatestScorecard } from './scorecards.repo';

const s = initServer();

/** docs/ai.md#scorecard: what the operator runs to measure the configured model (or extractive mode). */
export const SCORECARD_HINT =
  'Run pnpm eval on the server to measure this configuration on the project’s question set (docs/ai.md#scorecard).';

/**
 * The contract's `ai` group (docs/ai.md): GET /api/ai/status, the mode and model names only; the endpoint and
 * key stay on the server; GET /api/ai/scorecard, the latest `pnpm eval` run of that mode and model. Both are
 * public reads, like the status the web app labels answers with. The model layer itself is src/ai/.
 */
export const createAiRouter = ({ ai, db }: AppContext) =>
  s.router(contract.ai, {
    status: async () => ({
      status: 200,
      body: { mode: ai.mode, model: ai.modelName, embeddings: ai.embeddingModelName },
    }),
    scorecard: async () => ({
      status: 200,
      body: {
        mode: ai.mode,
        model: ai.modelName,
        scorecard: await selectLatestScorecard(db, ai.mode, ai.modelName),
        hint: SCORECARD_HINT,
      },
    }),
  });
