import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/execute-result';

/** Every `table.column` of the database that references users.id. */
export async function userReferences(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select c.conrelid::regclass::text || '.' || a.attname as ref
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass
    order by 1`);
  return rowsOf<{ ref: string }>(result).map((row) => row.ref.replace(/^public\./, '').replace(/"/g, ''));
}

/** Rows of every users-referencing column that name `userId`, by `table.column`. */
export async function rowsNaming(db: Db, userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const ref of await userReferences(db)) {
    const [table, column] = ref.split('.') as [string, string];
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
    );
    counts[ref] = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  }
  return counts;
}
