import { defineJob } from '../job-definition';
import { queuedJob } from '../job-payloads';

/**
 * docs/ai.md#clean-text: a text whose passages were cut by an older cleaning (paper_texts.cleaned_version)
 * gets them cut again from its stored pages, with its references parsed again and its embeddings queued
 * again, in one transaction. Enqueued at start-up for every such text (backfillCleanText), one at a time.
 */
export const cleanStoredTextJob = defineJob({
  ...queuedJob('clean-stored-text'),
  concurrency: () => 1,
  handler: async () => (await import('./clean-stored-text.handler')).cleanStoredTextHandler,
});
