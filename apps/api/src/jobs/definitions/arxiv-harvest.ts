import type { ArxivHttpOptions } from '../../ingest/arxiv-http';
import { dailySlot, defineJob, slotPayload } from '../job-definition';

/**
 * Daily, after DAILY_JOBS_HOUR_UTC, when HARVEST_SETS names sets (by default every top-level arXiv
 * set): harvests each set (arXivRaw) from its last datestamp; a set harvested for the first time starts
 * FIRST_HARVEST_DAYS before the run's day. One set that arXiv refuses does not stop the others, but
 * arXiv out of reach does (every set would wait out the same retries). The run then fails once, logged
 * as one warning, and the scheduler retries it later (docs/ingest.md#the-daily-job).
 */
export const createArxivHarvestJob = (
  /** Tests shorten the retries of an unreachable arXiv (timing); the server uses the defaults. */
  httpOptions: Partial<ArxivHttpOptions> = {},
) =>
  defineJob({
    id: 'arxiv-harvest',
    version: 1,
    payload: slotPayload,
    schedule: (now, { config }) => (config.HARVEST_SETS.length > 0 ? dailySlot(now, config.DAILY_JOBS_HOUR_UTC) : null),
    // An offline machine fails every run: an expected condition, not an error to page anyone about.
    failureLogLevel: 'warn',
    handler: async () => (await import('./arxiv-harvest.handler')).harvestSets(httpOptions),
  });

export const arxivHarvestJob = createArxivHarvestJob();
