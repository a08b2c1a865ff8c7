import type { AppContext } from '../../app-context';
import type { AnyJobDefinition } from '../job-definition';
import { arxivHarvestJob } from './arxiv-harvest';
import { arxivHarvestNowJob } from './arxiv-harvest-now';
import { cleanStoredTextJob } from './clean-stored-text';
import { commonSearchWindowsJob } from './common-search-windows';
import { dataRetentionJob } from './data-retention';
import { emailDigestsJob } from './email-digests';
import { embedPassagesJob } from './embed-passages';
import { extractPdfTextJob } from './extract-pdf-text';
import { fetchPaperTextJob } from './fetch-paper-text';
import { fillUploadMetadataJob } from './fill-upload-metadata';
import { parseReferencesJob } from './parse-references';
import { scheduledBackupJob } from './scheduled-backup';
import { storageTempSweepJob } from './storage-temp-sweep';

/**
 * The registry: every job the API processes run, queued and scheduled (docs/queue.md#job-definitions).
 * Only the composition roots (main.ts, test-support/test-app.ts) import it and hand it to the app
 * context's queue and to the scheduler; handlers load when first run. Scheduled jobs run in this order
 * within a tick (the harvest before the common words' build).
 */
export const jobDefinitions: readonly AnyJobDefinition<AppContext>[] = [
  arxivHarvestJob,
  commonSearchWindowsJob,
  emailDigestsJob,
  dataRetentionJob,
  scheduledBackupJob,
  storageTempSweepJob,
  extractPdfTextJob,
  fetchPaperTextJob,
  embedPassagesJob,
  fillUploadMetadataJob,
  parseReferencesJob,
  cleanStoredTextJob,
  arxivHarvestNowJob,
];
