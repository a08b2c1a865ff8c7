import { defineJob } from '../job-definition';
import { queuedJob } from '../job-payloads';

/**
 * docs/references.md#backfill: a text made ready before reference lists were parsed gets its list and
 * markers from its stored pages (no PDF is read again). Enqueued at start-up for every such text.
 */
export const parseReferencesJob = defineJob({
  ...queuedJob('parse-references'),
  concurrency: () => 1,
  handler: async () => (await import('./parse-references.handler')).parseReferences,
});
