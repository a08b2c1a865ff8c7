import { defineJob } from '../job-definition';
import { queuedJob } from '../job-payloads';

/**
 * A paper's passages get their embeddings (docs/ai.md#full-text-and-passages), queued once its
 * passages are stored when EMBEDDING_MODEL is set. Batches of 32; each batch is written as it comes,
 * so a retry starts where the last try stopped. Without an embedding model (since unset) it does
 * nothing: retrieval then runs on full text alone.
 */
export const embedPassagesJob = defineJob({
  ...queuedJob('embed-passages'),
  handler: async () => (await import('./embed-passages.handler')).embedPassages,
});
