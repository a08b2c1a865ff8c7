import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affectedRowCount } from '../../db/execute-result';

/** Deletes at most `limit` page views older than `days`; returns how many. */
export async function deleteOldPageViews(db: Db, days: number, limit: number): Promise<number> {
  return affectedRowCount(
    await db.execute(sql`
      delete from page_views where id in (
        select id from page_views where received_at < now() - make_interval(days => ${days}) limit ${limit})`),
  );
}

/** Deletes at most `limit` recorded sign-in tokens past their expiry (a replay fails on `exp` then); returns how many. */
export async function deleteExpiredIdTokens(db: Db, limit: number): Promise<number> {
  return affectedRowCount(
    await db.execute(sql`
      delete from used_id_tokens where jti in (
        select jti from used_id_tokens where expires_at < now() limit ${limit})`),
  );
}

/** Deletes at most `limit` OpenID Connect sign-ins past their expiry (started or handed off, never finished). */
export async function deleteExpiredOidcSignIns(db: Db, limit: number): Promise<number> {
  return affectedRowCount(
    await db.execute(sql`
      delete from oidc_sign_ins where state_hash in (
        select state_hash from oidc_sign_ins where expires_at < now() limit ${limit})`),
  );
}

/** Deletes at most `limit` search queries not searched for in `days`; returns how many. */
export async function deleteOldSearchQueries(db: Db, days: number, limit: number): Promise<number> {
  return affectedRowCount(
    await db.execute(sql`
      delete from search_queries where query in (
        select query from search_queries where last_searched_at < now() - make_interval(days => ${days}) limit ${limit})`),
  );
}

/**
 * Deletes at most `limit` job runs that finished ('done' or 'failed') more than `days` ago; returns how
 * many. 'running' rows stay (a live claim, or one the scheduler takes over once stale), and so does the
 * newest done run of each job whatever its age: corpus-status.repo.ts reads it as when the corpus was last
 * updated and whether a harvest ever finished. The newest per job is computed once per statement, not per row.
 */
export async function deleteOldJobRuns(db: Db, days: number, limit: number): Promise<number> {
  return affectedRowCount(
    await db.execute(sql`
      delete from job_runs where (job, slot) in (
        select run.job, run.slot from job_runs run
        left join (select job, max(finished_at) as finished_at from job_runs where status = 'done' group by job) newest
          on newest.job = run.job
        where run.status in ('done', 'failed')
          and run.finished_at < now() - make_interval(days => ${days})
          and (run.status = 'failed' or run.finished_at < newest.finished_at)
        limit ${limit})`),
  );
}
