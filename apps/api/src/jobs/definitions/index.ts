import type { JobDefinition } from '../job-definition';
import { arxivHarvestJob } from './arxiv-harvest';
import { commonSearchWindowsJob } from './common-search-windows';
import { dataRetentionJob } from './data-retention';
import { emailDigestsJob } from './email-digests';
import { storageTempSweepJob } from './storage-temp-sweep';

/** Every scheduled job the API processes run. */
export const jobDefinitions: readonly JobDefinition[] = [
  arxivHarvestJob,
  commonSearchWindowsJob,
  emailDigestsJob,
  dataRetentionJob,
  storageTempSweepJob,
];
