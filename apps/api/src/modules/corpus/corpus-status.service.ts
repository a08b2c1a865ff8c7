import type { TCorpusStatus } from '@paperbench/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { daysBefore } from '../../ingest/harvester';
import { selectLatestDay } from '../feed/daily-feed.repo';
import { countCorpusPapers } from '../papers/paper-count';
import { selectLastRefresh } from './corpus-status.repo';

/** docs/ingest.md#freshness: a newest paper older than this, with nothing refreshing the corpus, is a frozen sample. */
export const FROZEN_AFTER_DAYS = 30;

type HintConfig = Pick<Config, 'HARVEST_SETS' | 'DAILY_JOBS_HOUR_UTC'>;

/** What keeps the corpus fresh, or what the operator can do about it (commands of docs/ingest.md). */
export function refreshHint(config: HintConfig, hasHarvested: boolean): string {
  const hour = `${String(config.DAILY_JOBS_HOUR_UTC).padStart(2, '0')}:00 UTC`;
  const sets = config.HARVEST_SETS.join(', ');
  if (config.HARVEST_SETS.length === 0) {
    return (
      'To keep it fresh, let the server harvest arXiv daily: remove the empty HARVEST_SETS setting (all of arXiv) ' +
      'or name sets such as HARVEST_SETS=cs,stat, and restart. Or import a newer metadata dump with ' +
      '`pnpm ingest import <file>` (docs/ingest.md).'
    );
  }
  if (!hasHarvested) {
    return (
      `To keep it fresh, the server harvests arXiv daily after ${hour} (sets ${sets}), but no harvest has ` +
      'succeeded yet: check that the server can reach arXiv (its log says why a run failed), or run ' +
      '`pnpm ingest harvest --set cs` (docs/ingest.md).'
    );
  }
  return `Harvested from arXiv daily after ${hour} (sets ${sets}).`;
}

/**
 * GET /api/corpus/status. Frozen: the newest paper is over FROZEN_AFTER_DAYS old and no configured
 * harvest has ever succeeded, so nothing will make the corpus newer by itself.
 */
export async function getCorpusStatus(db: Db, config: HintConfig, now = new Date()): Promise<TCorpusStatus> {
  const [count, newest, refresh] = await Promise.all([
    countCorpusPapers(db),
    selectLatestDay(db),
    selectLastRefresh(db),
  ]);
  const harvesting = config.HARVEST_SETS.length > 0;
  const isOld = newest !== null && newest < daysBefore(now.toISOString().slice(0, 10), FROZEN_AFTER_DAYS);
  return {
    papers: count.papers,
    papers_estimated: count.estimated,
    newest_published: newest,
    updated_at: refresh.updatedAt?.toISOString() ?? null,
    harvesting,
    frozen: isOld && !(harvesting && refresh.hasHarvested),
    refresh_hint: refreshHint(config, refresh.hasHarvested),
  };
}
