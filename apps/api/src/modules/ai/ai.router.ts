import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';

const s = initServer();

/**
 * The contract's `ai` group (docs/ai.md): GET /api/ai/status, the mode and model names only; the endpoint and
 * key stay on the server. The model layer itself is src/ai/.
 */
export const createAiRouter = ({ ai }: AppContext) =>
  s.router(contract.ai, {
    status: async () => ({
      status: 200,
      body: { mode: ai.mode, model: ai.modelName, embeddings: ai.embeddingModelName },
    }),
  });
