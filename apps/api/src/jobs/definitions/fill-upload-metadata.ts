import { defineJob } from '../job-definition';
import { queuedJob } from '../job-payloads';

/**
 * docs/uploads.md#backfill: an upload made before uploads read their metadata gets it read now: its
 * PDF is extracted again in a worker (under the EXTRACTION_* limits) and the fields its uploader did
 * not type are filled. Enqueued at start-up for every such upload (recoverUploads), one at a time.
 */
export const fillUploadMetadataJob = defineJob({
  ...queuedJob('fill-upload-metadata'),
  concurrency: () => 1,
  handler: async () => (await import('./fill-upload-metadata.handler')).fillUploadMetadata,
});
