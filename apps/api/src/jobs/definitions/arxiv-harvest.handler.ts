import type { AppContext } from '../../app-context';
import { type ArxivHttpOptions, ArxivUnavailable, createArxivHttp } from '../../ingest/arxiv-http';
import { daysBefore, harvest } from '../../ingest/harvester';
import { createDatabasePacer } from '../../ingest/outbound-pacer';
import { keepTermStatsCurrent } from '../../modules/recommendations/term-stats';
import { type JobHandler, ServiceUnreachable } from '../job-definition';

/** docs/ingest.md#freshness: how far back a set never harvested before starts (a week of announcements). */
export const FIRST_HARVEST_DAYS = 7;

/** The harvest of every set of HARVEST_SETS for one day's slot (arxiv-harvest.ts says which sets stop it). */
export const harvestSets =
  (httpOptions: Partial<ArxivHttpOptions>): JobHandler<Pick<AppContext, 'db' | 'config'>, { slot: string }> =>
  async ({ db, config }, { slot }, { signal }) => {
    // docs/security.md#outbound-requests-to-arxiv: the same arXiv schedule as users' fetches and other replicas; a harvest waits its turn.
    const intervalMs = config.ARXIV_REQUEST_INTERVAL_MS;
    const http = createArxivHttp({
      intervalMs,
      pacer: createDatabasePacer(db, { service: 'arxiv', intervalMs }),
      ...httpOptions,
    });
    const results: Record<string, unknown> = {};
    const failures: string[] = [];
    let inserted = 0;
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
        inserted += summary.inserted;
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
    // docs/recommendations.md#term-statistics: counted again when what this run added moved the corpus past the
    // drift bound, here in the job rather than by a recommendation.
    if (inserted > 0) {
      const terms = await keepTermStatsCurrent(db);
      results.termStatistics = { documents: terms.documents, rebuilt: terms.rebuilt };
    }
    // docs/ingest.md#freshness: offline, the scheduler logs "arXiv unreachable, next try at …", nothing more.
    if (unreachable) throw new ServiceUnreachable('arXiv', unreachable.reason, failures.join('; '));
    if (failures.length > 0) throw new Error(failures.join('; '));
    return results;
  };
