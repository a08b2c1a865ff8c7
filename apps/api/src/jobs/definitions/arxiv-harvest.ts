import { type ArxivHttpOptions, ArxivUnavailable, createArxivHttp } from '../../ingest/arxiv-http';
import { daysBefore, harvest } from '../../ingest/harvester';
import { createDatabasePacer } from '../../ingest/outbound-pacer';
import { dailySlot, type JobDefinition, ServiceUnreachable } from '../job-definition';

/** docs/ingest.md#freshness: how far back a set never harvested before starts (a week of announcements). */
export const FIRST_HARVEST_DAYS = 7;

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
): JobDefinition => ({
  id: 'arxiv-harvest',
  dueSlot: (now, { config }) => (config.HARVEST_SETS.length > 0 ? dailySlot(now, config.DAILY_JOBS_HOUR_UTC) : null),
  // An offline machine fails every run: an expected condition, not an error to page anyone about.
  failureLogLevel: 'warn',
  run: async ({ db, config }, { slot, signal }) => {
    // docs/security.md#outbound-requests-to-arxiv: the same arXiv schedule as users' fetches and other replicas; a harvest waits its turn.
    const intervalMs = config.ARXIV_REQUEST_INTERVAL_MS;
    const http = createArxivHttp({
      intervalMs,
      pacer: createDatabasePacer(db, { service: 'arxiv', intervalMs }),
      ...httpOptions,
    });
    const results: Record<string, unknown> = {};
    const failures: string[] = [];
    let unreachable: ArxivUnavailable | undefined;
    for (const [index, set] of config.HARVEST_SETS.entries()) {
      try {
        const { failures: skippedRecords, ...summary } = await harvest(db, {
          baseUrl: config.ARXIV_OAI_BASE_URL,
          http,
          set,
          defaultFrom: daysBefore(slot, FIRST_HARVEST_DAYS),
          signal,
        });
        results[set] = { ...summary, skippedRecords: skippedRecords.slice(0, 10) };
      } catch (error) {
        failures.push(`${set}: ${(error as Error).message}`);
        if (error instanceof ArxivUnavailable) {
          const untried = config.HARVEST_SETS.slice(index + 1);
          if (untried.length > 0) failures.push(`not tried while arXiv is out of reach: ${untried.join(', ')}`);
          if (error.isUnreachable) unreachable = error;
          break;
        }
      }
    }
    // docs/ingest.md#freshness: offline, the scheduler logs "arXiv unreachable, next try at …", nothing more.
    if (unreachable) throw new ServiceUnreachable('arXiv', unreachable.reason, failures.join('; '));
    if (failures.length > 0) throw new Error(failures.join('; '));
    return results;
  },
});

export const arxivHarvestJob: JobDefinition = createArxivHarvestJob();
