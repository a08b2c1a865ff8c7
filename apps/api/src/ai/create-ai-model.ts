import type { Config } from '../config';
import { createConcurrencyLimiter } from './concurrency-limiter';
import { createOpenAiCompatibleEmbedder } from './embeddings';
import { type AiModel, AiUnavailableError } from './model';
import { createOpenAiCompatibleChat } from './openai-compatible-chat';

/**
 * The app's one model layer (docs/ai.md), built once per process: 'model' mode over LLM_BASE_URL, or
 * 'extractive' (offline) mode without it, where every model call throws AiUnavailableError. Chat and
 * embeddings share the LLM_MAX_CONCURRENT slots.
 */
export function createAiModel(config: Config): AiModel {
  const limiter = createConcurrencyLimiter(config.LLM_MAX_CONCURRENT);
  const embeddingBaseUrl = config.EMBEDDING_BASE_URL ?? config.LLM_BASE_URL;
  const embed =
    config.EMBEDDING_MODEL && embeddingBaseUrl
      ? createOpenAiCompatibleEmbedder({
          baseUrl: embeddingBaseUrl,
          // The LLM's key never goes to another host.
          apiKey: config.EMBEDDING_BASE_URL ? config.EMBEDDING_API_KEY : config.LLM_API_KEY,
          model: config.EMBEDDING_MODEL,
          timeoutMs: config.LLM_TIMEOUT_MS,
          limiter,
        })
      : null;
  const embeddings = { embed, embeddingModelName: embed ? (config.EMBEDDING_MODEL ?? null) : null };

  if (!config.LLM_BASE_URL || !config.LLM_MODEL) {
    return {
      mode: 'extractive',
      modelName: null,
      // Callers branch on mode; reaching these is a bug, never a reason to show canned text.
      streamText: () => {
        throw new AiUnavailableError('streamText');
      },
      generateObject: () => Promise.reject(new AiUnavailableError('generateObject')),
      ...embeddings,
    };
  }
  return {
    mode: 'model',
    modelName: config.LLM_MODEL,
    ...createOpenAiCompatibleChat({
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      structuredOutput: config.LLM_STRUCTURED_OUTPUT,
      timeoutMs: config.LLM_TIMEOUT_MS,
      limiter,
    }),
    ...embeddings,
  };
}
