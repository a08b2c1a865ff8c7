import { defineJob } from '../job-definition';
import { queuedJob } from '../job-payloads';

/**
 * An uploaded paper's text (docs/queue.md#text-extraction-extract-pdf-text): enqueued in the upload's
 * transaction, run on whichever process polls first, in a PDF worker under the EXTRACTION_* limits.
 * paper_texts stays the status users see: 'pending' until this finishes, then 'ready' with the text's
 * passages (docs/ai.md#full-text-and-passages), or 'failed' with the reason. A refused document (over a
 * limit, or unreadable) fails at once; a crashed worker or a database error is retried with backoff.
 */
export const extractPdfTextJob = defineJob({
  ...queuedJob('extract-pdf-text'),
  concurrency: (config) => config.EXTRACTION_CONCURRENCY,
  handler: async () => (await import('./extract-pdf-text.handler')).extractPdfText,
  onGaveUp: async () => (await import('./paper-text-gave-up')).markPaperTextGaveUp,
});
