import type { AnyQueueJobDefinition } from '../queue-job-definition';
import { extractPdfTextJob } from './extract-pdf-text';

/**
 * Every kind of queued job the API processes run (docs/queue.md). A new kind: a definition file
 * beside these, listed here (docs/queue.md).
 */
export const queueJobDefinitions: readonly AnyQueueJobDefinition[] = [extractPdfTextJob];
