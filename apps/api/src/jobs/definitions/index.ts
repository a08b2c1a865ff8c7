import type { JobDefinition } from '../job-definition';
import { arxivHarvestJob } from './arxiv-harvest';
import { dataRetentionJob } from './data-retention';
import { emailDigestsJob } from './email-digests';
import { storageTempSweepJob } from './storage-temp-sweep';

/** Every scheduled job the API processes run. */
export const jobDefinitions: readonly JobDefinition[] = [
  arxivHarvestJob,
  emailDigestsJob,
  dataRetentionJob,
  storageTempSweepJob,
];
