import { createArxivHttp } from '../../ingest/arxiv-http';
import { dayBefore, harvest } from '../../ingest/harvester';
import { createDatabasePacer } from '../../ingest/outbound-pacer';
import { dailySlot, type JobDefinition } from '../job-definition';

/**
 * Daily, after DAILY_JOBS_HOUR_UTC, when HARVEST_SETS names sets: harvests each set (arXivRaw) from
 * its last datestamp; a set harvested for the first time starts from the day before. One failing
 * set does not stop the others; the run fails (and is retried later) if any did.
 */
export const arxivHarvestJob: JobDefinition = {
  id: 'arxiv-harvest',
  dueSlot: (now, { config }) => (config.HARVEST_SETS.length > 0 ? dailySlot(now, config.DAILY_JOBS_HOUR_UTC) : null),
  run: async ({ db, config }, { slot, signal }) => {
    // docs/security.md#outbound-requests-to-arxiv: the same arXiv schedule as users' fetches and other replicas; a harvest waits its turn.
    const intervalMs = config.ARXIV_REQUEST_INTERVAL_MS;
    const http = createArxivHttp({ intervalMs, pacer: createDatabasePacer(db, { service: 'arxiv', intervalMs }) });
    const results: Record<string, unknown> = {};
    const failures: string[] = [];
    for (const set of config.HARVEST_SETS) {
      try {
        const { failures: skippedRecords, ...summary } = await harvest(db, {
          baseUrl: config.ARXIV_OAI_BASE_URL,
          http,
          set,
          defaultFrom: dayBefore(slot),
          signal,
        });
        results[set] = { ...summary, skippedRecords: skippedRecords.slice(0, 10) };
      } catch (error) {
        failures.push(`${set}: ${(error as Error).message}`);
      }
    }
    if (failures.length > 0) throw new Error(failures.join('; '));
    return results;
  },
};
