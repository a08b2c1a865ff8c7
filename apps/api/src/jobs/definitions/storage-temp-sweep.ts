import type { AppContext } from '../../app-context';
import { S3FileStorage } from '../../storage/s3-file-storage';
import { defineJob, hourlySlot, slotPayload } from '../job-definition';

/** The storage's own sweep: no module to load. */
const sweepTemp = async ({ storage }: Pick<AppContext, 'storage'>) => ({ removed: await storage.sweepTemp() });

/**
 * docs/deploy.md#object-storage: every hour, removes the bucket's temp objects (and multipart uploads
 * under tmp/) older than a day, so what a killed replica left does not wait for the next start. One
 * replica sweeps each hour (the slot is claimed in job_runs). Only for S3: a disk's tmp/ belongs to
 * one process and is emptied whole at its start (LocalFileStorage.sweepTemp), which would take uploads
 * in progress if run while it serves. Safe to run twice: a second run finds nothing.
 */
export const storageTempSweepJob = defineJob({
  id: 'storage-temp-sweep',
  version: 1,
  payload: slotPayload,
  schedule: (now, { storage }) => (storage instanceof S3FileStorage ? hourlySlot(now) : null),
  handler: async () => sweepTemp,
});
