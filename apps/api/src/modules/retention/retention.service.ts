import type { AppContext } from '../../app-context';
import {
  deleteExpiredIdTokens,
  deleteExpiredOidcSignIns,
  deleteOldJobRuns,
  deleteOldPageViews,
  deleteOldSearchQueries,
} from './retention.repo';

/** Rows deleted per statement: short statements, well inside DB_STATEMENT_TIMEOUT_MS, never one huge lock. */
const BATCH = 5000;

async function deleteInBatches(deleteBatch: () => Promise<number>, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for (;;) {
    if (signal?.aborted) return total;
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/**
 * docs/security.md#rate-limits-and-quotas: what is kept about visitors is kept for a bounded time. Page views older than
 * PAGE_VIEW_RETENTION_DAYS and search queries not searched for SEARCH_QUERY_RETENTION_DAYS are
 * deleted (the per-day view counts of the site metric stay: they name no one); expired rate-limit
 * windows are swept from the counter store. Job runs finished more than JOB_RUN_RETENTION_DAYS ago go
 * too (an hourly job adds 24 a day), except the newest done run of each job: the corpus's "updated". The
 * `jti` of sign-in tokens past their expiry go as well (docs/security.md#sessions), and OpenID Connect
 * sign-ins never finished (docs/security.md#openid-connect).
 */
export async function purgeExpiredRows(
  { db, config, counters }: Pick<AppContext, 'db' | 'config' | 'counters'>,
  signal?: AbortSignal,
) {
  const pageViews = await deleteInBatches(() => deleteOldPageViews(db, config.PAGE_VIEW_RETENTION_DAYS, BATCH), signal);
  const searchQueries = await deleteInBatches(
    () => deleteOldSearchQueries(db, config.SEARCH_QUERY_RETENTION_DAYS, BATCH),
    signal,
  );
  const jobRuns = await deleteInBatches(() => deleteOldJobRuns(db, config.JOB_RUN_RETENTION_DAYS, BATCH), signal);
  const usedIdTokens = await deleteInBatches(() => deleteExpiredIdTokens(db, BATCH), signal);
  const oidcSignIns = await deleteInBatches(() => deleteExpiredOidcSignIns(db, BATCH), signal);
  const rateLimitCounters = await counters.sweep();
  return { pageViews, searchQueries, jobRuns, usedIdTokens, oidcSignIns, rateLimitCounters };
}
