import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany } from 'ai';
import type { ConcurrencyLimiter } from './concurrency-limiter';
import type { AiModel } from './model';
import { runModelCall } from './model-call';

export interface EmbeddingSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  limiter: ConcurrencyLimiter;
}

/** docs/ai.md#embeddings: vectors from an OpenAI-compatible /embeddings endpoint, one per text, in order. */
export function createOpenAiCompatibleEmbedder(settings: EmbeddingSettings): NonNullable<AiModel['embed']> {
  const provider = createOpenAICompatible({ name: 'embeddings', baseURL: settings.baseUrl, apiKey: settings.apiKey });
  const model = provider.embeddingModel(settings.model);
  return async (texts, options = {}) => {
    if (texts.length === 0) return [];
    // One batch at a time: the slot of LLM_MAX_CONCURRENT is the unit of load on the server.
    return runModelCall(settings, options.abortSignal, async (abortSignal) => {
      const { embeddings } = await embedMany({ model, values: texts, abortSignal, maxRetries: 0, maxParallelCalls: 1 });
      return embeddings;
    });
  };
}
