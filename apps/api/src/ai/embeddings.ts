import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany } from 'ai';
import { callSignal } from './call-signal';
import type { ConcurrencyLimiter } from './concurrency-limiter';
import type { AiModel } from './model';

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
    const release = await settings.limiter.acquire(options.abortSignal);
    const call = callSignal(settings.timeoutMs, options.abortSignal);
    try {
      // One batch at a time: the slot of LLM_MAX_CONCURRENT is the unit of load on the server.
      const { embeddings } = await embedMany({
        model,
        values: texts,
        abortSignal: call.signal,
        maxRetries: 0,
        maxParallelCalls: 1,
      });
      return embeddings;
    } catch (error) {
      if (call.signal.aborted) throw call.signal.reason;
      throw error;
    } finally {
      call.end();
      release();
    }
  };
}
