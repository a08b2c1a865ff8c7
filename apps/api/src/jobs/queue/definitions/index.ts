import type { AnyQueueJobDefinition } from '../queue-job-definition';
import { embedPassagesJob } from './embed-passages';
import { extractPdfTextJob } from './extract-pdf-text';
import { fetchPaperTextJob } from './fetch-paper-text';

/**
 * Every kind of queued job the API processes run (docs/queue.md). A new kind: a definition file
 * beside these, listed here (docs/queue.md).
 */
export const queueJobDefinitions: readonly AnyQueueJobDefinition[] = [
  extractPdfTextJob,
  fetchPaperTextJob,
  embedPassagesJob,
];
