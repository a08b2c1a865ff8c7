import { sql } from 'drizzle-orm';
import { QUERY_CANCELED, sqlStateOf } from '../lib/database-errors';
import type { Db, Tx } from './client';

/**
 * Runs `work` in a transaction whose statements are cancelled past `ms` (a local statement_timeout),
 * and answers undefined when one was: for best-effort reads whose answer is worthless late, such as a
 * completion for someone still typing. PGlite does not enforce statement timeouts, so there `work`
 * always runs to its end (an embedded corpus is small).
 */
export async function withinBudget<T>(db: Db, ms: number, work: (tx: Tx) => Promise<T>): Promise<T | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(Math.max(1, Math.trunc(ms)))}, true)`);
      return work(tx);
    });
  } catch (error) {
    if (sqlStateOf(error) === QUERY_CANCELED) return undefined;
    throw error;
  }
}
