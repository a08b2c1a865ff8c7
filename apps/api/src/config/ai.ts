import { z } from 'zod';
import { zOptional } from './fields';

/** The model layer (docs/ai.md). */
export const aiEnv = {
  // docs/ai.md: the one model layer (apps/api/src/ai). No LLM_BASE_URL: extractive (offline) mode.
  /** An OpenAI-compatible API's base URL, ending in /v1 (OpenAI, Ollama, vLLM, llama.cpp's server). */
  LLM_BASE_URL: zOptional(z.string().url()),
  /** Sent as `Authorization: Bearer …`; local servers usually need none. */
  LLM_API_KEY: zOptional(z.string()),
  /** The chat model's name as the server knows it; required with LLM_BASE_URL. */
  LLM_MODEL: zOptional(z.string()),
  /** How structured output is asked for, since local servers differ (docs/ai.md#structured-output). */
  LLM_STRUCTURED_OUTPUT: z.enum(['json_schema', 'json_object', 'none']).default('json_schema'),
  /** The embeddings API's base URL; unset: LLM_BASE_URL. */
  EMBEDDING_BASE_URL: zOptional(z.string().url()),
  /** Key of EMBEDDING_BASE_URL; LLM_API_KEY is only reused when embeddings go to the LLM's own server. */
  EMBEDDING_API_KEY: zOptional(z.string()),
  /** The embedding model's name; unset: no embeddings (retrieval is lexical only). */
  EMBEDDING_MODEL: zOptional(z.string()),
  /** Longest one model call may take, streaming included, in milliseconds. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** Model calls (chat, structured, embeddings) this process makes at once; more wait their turn. */
  LLM_MAX_CONCURRENT: z.coerce.number().int().min(1).max(256).default(4),
};

/** docs/ai.md: an endpoint without a model name (or embeddings with nowhere to send them) is a mistake, not a mode. */
export function requireModelWithEndpoint(env: z.output<z.ZodObject<typeof aiEnv>>, ctx: z.RefinementCtx) {
  if (env.LLM_BASE_URL && !env.LLM_MODEL)
    ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'required when LLM_BASE_URL is set' });
  if (env.EMBEDDING_MODEL && !(env.EMBEDDING_BASE_URL ?? env.LLM_BASE_URL))
    ctx.addIssue({
      code: 'custom',
      path: ['EMBEDDING_BASE_URL'],
      message: 'EMBEDDING_MODEL needs EMBEDDING_BASE_URL or LLM_BASE_URL',
    });
}
