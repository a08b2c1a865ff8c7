import { ADMIN_USERS_LIMIT } from '@paperbench/contract';
import { and, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { escapeLike } from '../../db/sql/like-pattern';

/**
 * docs/deploy.md#the-admin-page: signed-in users with what each holds, counted in one statement (a correlated
 * count per kind, each on an index of its user column).
 */
// Qualified by hand: drizzle writes a lone table's column unqualified, which inside a subquery would name its own id.
const userId = sql.raw('"users"."id"');

const countColumns = {
  folders: sql<number>`(select count(*) from folders f where f.owner_id = ${userId})::int`,
  papers: sql<number>`(select count(distinct (ff.platform, ff.paper_id)) from folder_files ff
    join folders f on f.id = ff.folder_id where f.owner_id = ${userId})::int`,
  uploads: sql<number>`(select count(*) from uploads u where u.owner_id = ${userId})::int`,
  uploadBytes: sql<string>`(select coalesce(sum(s.byte_size), 0) from uploads u
    join stored_files s on s.content_hash = u.content_hash where u.owner_id = ${userId})`,
  annotations: sql<number>`(select count(*) from annotations a where a.user_id = ${userId})::int`,
  chatSessions: sql<number>`(select count(*) from chat_sessions c where c.user_id = ${userId} and c.kind = 'chat')::int`,
  tokens: sql<number>`(select count(*) from api_tokens t where t.user_id = ${userId}
    and (t.expires_at is null or t.expires_at > now()))::int`,
};

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  createdAt: users.createdAt,
  signedInAt: users.signedInAt,
  disabledAt: users.disabledAt,
  ...countColumns,
};

export type AdminUserRow = Awaited<ReturnType<typeof selectUsers>>[number];

const signedIn = isNotNull(users.providerSubject);

function matching(search: string | undefined): SQL | undefined {
  if (!search) return signedIn;
  const pattern = `%${escapeLike(search)}%`;
  return and(signedIn, or(ilike(users.email, pattern), ilike(users.name, pattern)));
}

/** Signed-in users matching `search` (email or name, case-insensitive), newest first, at most ADMIN_USERS_LIMIT. */
export function selectUsers(db: Db, search: string | undefined) {
  return db
    .select(userColumns)
    .from(users)
    .where(matching(search))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_USERS_LIMIT);
}

export async function countUsers(db: Db, search: string | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(matching(search));
  return row?.n ?? 0;
}

/** The users holding the most: upload bytes, then papers. */
export function selectTopUsers(db: Db, limit: number) {
  return db
    .select(userColumns)
    .from(users)
    .where(signedIn)
    .orderBy(desc(countColumns.uploadBytes), desc(countColumns.papers), users.id)
    .limit(limit);
}

/** One signed-in user, locked for the action about to change them; null when there is none. */
export async function lockSignedInUser(tx: Tx, userId: number): Promise<{ email: string } | null> {
  const [row] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), signedIn))
    .for('update');
  return row?.email ? { email: row.email } : null;
}

export async function selectUser(db: Db, userId: number): Promise<AdminUserRow | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), signedIn));
  return row ?? null;
}

/** Sets or clears users.disabled_at (keeping the first time a user was disabled when disabled again). */
export async function setDisabled(tx: Tx, userId: number, disabled: boolean): Promise<void> {
  await tx
    .update(users)
    .set({ disabledAt: disabled ? sql`coalesce(${users.disabledAt}, now())` : null })
    .where(eq(users.id, userId));
}
