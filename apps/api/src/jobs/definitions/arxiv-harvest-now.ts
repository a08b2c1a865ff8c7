import type { AppContext } from '../../app-context';
import { defineJob, type JobHandler } from '../job-definition';
import { queuedJob } from '../job-payloads';

/**
 * docs/deploy.md#the-admin-page: the admin page's "Harvest now", queued (one at a time: its dedupe key) and run
 * like the daily harvest (arxiv-harvest.ts) for today's date: every set of HARVEST_SETS from its last datestamp.
 * Harvesting a page twice only upserts the same papers, so a run beside the scheduled one is harmless.
 */
export const arxivHarvestNowJob = defineJob({
  ...queuedJob('arxiv-harvest-now'),
  visibilityTimeoutMs: 10 * 60_000,
  concurrency: () => 1,
  handler: async () => {
    const harvestSets = (await import('./arxiv-harvest.handler')).harvestSets({});
    const run: JobHandler<Pick<AppContext, 'db' | 'config'>, Record<string, never>> = async (
      context,
      _payload,
      job,
    ) => {
      await harvestSets(context, { slot: new Date().toISOString().slice(0, 10) }, job);
    };
    return run;
  },
});
