import { z } from 'zod';
import { c } from './common';

/** docs/ai.md: which model layer the server runs, so the UI can label offline (extractive) answers honestly. */
export const ZAiStatus = z.object({
  /** 'model': answers come from LLM_MODEL; 'extractive': no model configured, answers quote passages verbatim. */
  mode: z.enum(['model', 'extractive']),
  /** The chat model's name (LLM_MODEL), or null in extractive mode. */
  model: z.string().nullable(),
  /** The embedding model's name (EMBEDDING_MODEL), or null when retrieval is lexical only. */
  embeddings: z.string().nullable(),
});
export type TAiStatus = z.infer<typeof ZAiStatus>;

/** Extensions for the AI features (listed in EXTENSIONS, spec-endpoints.ts). */
export const aiContract = c.router({
  status: {
    method: 'GET',
    path: '/api/ai/status',
    responses: { 200: ZAiStatus },
    summary: 'Whether answers come from a model or are extractive (no model configured), and which models',
    description: 'Reveals model names only, never the endpoint or its key.',
  },
});
