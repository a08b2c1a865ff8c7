import { defineJob } from '../job-definition';
import { queuedJob } from '../job-payloads';

/**
 * The full text of an arXiv or ACL paper (docs/ai.md#full-text-and-passages, docs/queue.md): its PDF
 * through the PDF proxy's cache (allow-list, time limit, byte cap; arXiv paced), extracted on the
 * worker under the EXTRACTION_* limits like uploads, cut into passages. A PDF that cannot be fetched
 * leaves the abstract as the one passage ('abstract-only', at once: process_embeddings tries again);
 * one that cannot be read is 'failed' for good.
 */
export const fetchPaperTextJob = defineJob({
  ...queuedJob('fetch-paper-text'),
  concurrency: (config) => config.EXTRACTION_CONCURRENCY,
  handler: async () => (await import('./fetch-paper-text.handler')).fetchPaperText,
  onGaveUp: async () => (await import('./paper-text-gave-up')).markPaperTextGaveUp,
});
