import { and, count, desc, eq, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { ideas } from '../../db/schema';

export type IdeaRow = typeof ideas.$inferSelect;
export type NewIdea = Omit<typeof ideas.$inferInsert, 'id' | 'createdAt' | 'expandedAt' | 'plan'>;

/** Advisory-lock namespace of the saved-ideas quota; the user id is the second key. It was the review
 * sessions' number once, so one user's idea saves and review-session creations waited for each other. */
const IDEA_QUOTA_LOCK = ADVISORY_LOCKS.ideaQuota;

/** Held until the transaction ends: two saves at once cannot both take the last place of the quota. */
export async function lockIdeaQuota(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IDEA_QUOTA_LOCK}, ${userId})`);
}

export async function countIdeas(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ideas).where(eq(ideas.userId, userId));
  return row?.n ?? 0;
}

export async function insertIdea(db: Db, row: NewIdea): Promise<IdeaRow> {
  const [inserted] = await db.insert(ideas).values(row).returning();
  if (!inserted) throw new Error('insert into ideas returned no row');
  return inserted;
}

/** The user's ideas, newest first. */
export function selectIdeas(db: Db, userId: number, limit: number): Promise<IdeaRow[]> {
  return db
    .select()
    .from(ideas)
    .where(eq(ideas.userId, userId))
    .orderBy(desc(ideas.createdAt), desc(ideas.id))
    .limit(limit);
}

/** One of the user's ideas; another user's is undefined, like a missing one. */
export async function findIdea(db: Db, userId: number, id: number): Promise<IdeaRow | undefined> {
  const [row] = await db
    .select()
    .from(ideas)
    .where(and(eq(ideas.id, id), eq(ideas.userId, userId)));
  return row;
}

export async function updateIdeaPlan(
  db: Db,
  userId: number,
  id: number,
  plan: Record<string, unknown>,
): Promise<IdeaRow | undefined> {
  const [row] = await db
    .update(ideas)
    .set({ plan, expandedAt: sql`now()` })
    .where(and(eq(ideas.id, id), eq(ideas.userId, userId)))
    .returning();
  return row;
}

export async function deleteIdea(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(ideas)
    .where(and(eq(ideas.id, id), eq(ideas.userId, userId)))
    .returning({ id: ideas.id });
  return rows.length > 0;
}
