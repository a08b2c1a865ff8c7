import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** PostgreSQL settings for one transaction's statements (SET LOCAL), by name. */
export type LocalSettings = Record<string, string>;

/** Runs `work` in a transaction under `settings`, all set in one round trip (set_config, local). */
export function withLocalSettings<T>(db: Db, settings: LocalSettings, work: (tx: Db | Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
    await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
    return work(tx);
  });
}
