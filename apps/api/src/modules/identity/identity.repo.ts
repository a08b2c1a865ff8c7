import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashUserToken } from '../../lib/user-token';

export async function insertUser(db: Db, token: string): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ tokenHash: hashUserToken(token) })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

export async function findUserIdByToken(db: Db, token: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.tokenHash, hashUserToken(token)))
    .limit(1);
  return row?.id ?? null;
}
