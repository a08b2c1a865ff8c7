import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, testDrivers } from '../test-support/test-app';
import { type Database, openDatabase } from './client';
import { withRawTransaction } from './raw-session';
import { withinBudget } from './statement-budget';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** docs/security.md#rate-limits-and-quotas: DB_STATEMENT_TIMEOUT_MS bounds every statement; bulk transactions lift it for themselves. */
describe.each(testDrivers())('statement timeout (%s)', (driver) => {
  async function withDatabase(statementTimeoutMs: number, work: (database: Database) => Promise<void>) {
    const scratch = driver === 'postgres' ? await createScratchDatabase() : undefined;
    const database = openDatabase({ url: scratch?.url, statementTimeoutMs });
    try {
      await database.migrate();
      await work(database);
    } finally {
      await database.close();
      await scratch?.drop();
    }
  }
  const show = async (database: Database) =>
    rowsOf<{ statement_timeout: string }>(await database.db.execute(sql`show statement_timeout`))[0]?.statement_timeout;

  it('sets the timeout on the session (still after migrations) and lifts it inside bulk transactions only', async () => {
    await withDatabase(1500, async (database) => {
      expect(await show(database)).toBe('1500ms');
      const inside = await withRawTransaction(database.db, async (session) => {
        const [row] = await session.query<{ statement_timeout: string }>('show statement_timeout');
        return row?.statement_timeout;
      });
      expect(inside).toBe('0');
      expect(await show(database)).toBe('1500ms');
    });
  });

  it.runIf(driver === 'postgres')('cancels a statement that runs past it', async () => {
    await withDatabase(200, async (database) => {
      // 57014 query_canceled: "canceling statement due to statement timeout".
      await expect(database.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({ cause: { code: '57014' } });
    });
  });

  it('answers nothing for work past its budget, and lets work within it finish', async () => {
    await withDatabase(0, async ({ db }) => {
      const quick = await withinBudget(db, 1000, async (tx) =>
        rowsOf<{ one: number }>(await tx.execute(sql`select 1 as one`)),
      );
      expect(quick).toEqual([{ one: 1 }]);
      const slow = await withinBudget(db, 20, async (tx) => {
        await tx.execute(sql`select pg_sleep(0.3)`);
        return 'finished';
      });
      // PGlite does not enforce statement timeouts: there the work always finishes.
      expect(slow).toBe(driver === 'postgres' ? undefined : 'finished');
      // The budget was local to its transaction.
      expect(await show({ db } as Database)).toBe('0');
      // Other errors are not swallowed.
      await expect(withinBudget(db, 1000, (tx) => tx.execute(sql`select 1/0`))).rejects.toThrow();
    });
  });
});
