import { z } from 'zod';

const paperRef = z.object({ platform: z.string().min(1), paper_id: z.string().min(1) });

/**
 * Every queued job, by id (docs/queue.md#job-definitions): what a queue_jobs row of that kind is written
 * with at enqueue — its payload's schema and version, and the tries it gets. Modules enqueue by id
 * against this map; it imports no definition and no handler, so enqueueing pulls in no job's code.
 * Bump `version` when a payload's shape changes.
 */
export const queuedJobs = {
  'extract-pdf-text': { version: 1, payload: paperRef, maxAttempts: 3 },
  'fetch-paper-text': {
    version: 1,
    payload: z.object({ platform: z.enum(['arxiv', 'acl']), paper_id: z.string().min(1) }),
    maxAttempts: 3,
  },
  'embed-passages': { version: 1, payload: paperRef, maxAttempts: 5 },
  'fill-upload-metadata': { version: 1, payload: paperRef, maxAttempts: 3 },
  'parse-references': { version: 1, payload: paperRef, maxAttempts: 3 },
  'clean-stored-text': { version: 1, payload: paperRef, maxAttempts: 3 },
  // docs/deploy.md#the-admin-page: "Harvest now" runs the daily harvest once; a failed run is the admin's to retry.
  'arxiv-harvest-now': { version: 1, payload: z.object({}).strict(), maxAttempts: 1 },
} as const;

export type QueuedJobId = keyof typeof queuedJobs;

/** The payload of each queued job, by id. */
export type JobPayloads = { [Id in QueuedJobId]: z.infer<(typeof queuedJobs)[Id]['payload']> };

/** What a row of one kind is written with: its id, payload schema, version and tries. */
export interface QueuedJobKind<TPayload> {
  id: string;
  version: number;
  payload: z.ZodType<TPayload>;
  maxAttempts: number;
}

const kinds: { [Id in QueuedJobId]: Omit<QueuedJobKind<JobPayloads[Id]>, 'id'> } = queuedJobs;

/** The kind of queued job `id`, as its definition and enqueue use it. */
export const queuedJob = <Id extends QueuedJobId>(id: Id): QueuedJobKind<JobPayloads[Id]> & { id: Id } => ({
  id,
  ...kinds[id],
});
