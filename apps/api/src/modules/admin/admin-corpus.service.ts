import type { TAdminCorpus } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import { arxivHarvestJob } from '../../jobs/definitions/arxiv-harvest';
import { queuedJob } from '../../jobs/job-payloads';
import { enqueue } from '../../jobs/queue/enqueue';
import type { AdminCaller } from '../../policies/admin.policy';
import { getCorpusStatus } from '../corpus/corpus-status.service';
import { insertAuditEntry } from './admin-audit.repo';
import {
  type FinishedRun,
  selectHarvestStates,
  selectLastQueuedRun,
  selectLastScheduledRun,
} from './admin-corpus.repo';
import { selectActiveJobOf } from './admin-queue.repo';

const HARVEST_NOW = queuedJob('arxiv-harvest-now').id;

const later = (a: FinishedRun | null, b: FinishedRun | null) =>
  (a?.finishedAt?.getTime() ?? -1) >= (b?.finishedAt?.getTime() ?? -1) ? a : b;

/** GET /api/admin/corpus: the public corpus status, with each set's harvest and the last run. */
export async function readCorpus({ db, config }: Pick<AppContext, 'db' | 'config'>): Promise<TAdminCorpus> {
  const [status, states, scheduled, requested, pending] = await Promise.all([
    getCorpusStatus(db, config),
    selectHarvestStates(db),
    selectLastScheduledRun(db, arxivHarvestJob.id),
    selectLastQueuedRun(db, HARVEST_NOW),
    selectActiveJobOf(db, HARVEST_NOW),
  ]);
  const last = later(scheduled, requested);
  return {
    status,
    harvests: states.map((state) => ({
      key: state.key,
      last_datestamp: state.lastDatestamp,
      records_harvested: state.recordsHarvested,
      in_progress: state.resumptionToken !== null,
      updated_at: state.updatedAt.toISOString(),
    })),
    last_run: last
      ? { status: last.status, finished_at: last.finishedAt?.toISOString() ?? null, error: last.error }
      : null,
    harvest_pending: pending !== null,
  };
}

/**
 * POST /api/admin/corpus/harvest: one "Harvest now" job and its audit row in one transaction. A second click while
 * one is queued or running adds nothing (the job's dedupe key) and is not audited: nothing happened.
 */
export async function harvestNow({ db, queue }: Pick<AppContext, 'db' | 'queue'>, admin: AdminCaller) {
  const result = await db.transaction(async (tx) => {
    const id = await enqueue(tx, HARVEST_NOW, {}, { dedupeKey: 'harvest-now' });
    if (id === null) {
      const active = await selectActiveJobOf(tx, HARVEST_NOW);
      if (!active) throw new Error('harvest-now: the dedupe key was taken but no job holds it');
      return { job_id: active.id, queued: false };
    }
    await insertAuditEntry(tx, admin, { action: 'corpus.harvest', target: `job ${id} (${HARVEST_NOW})` });
    return { job_id: id, queued: true };
  });
  if (result.queued) queue.wake();
  return result;
}
