import type { TPaperRef } from '@paperbench/contract';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readingPositions } from '../../db/schema';

export type ReadingPositionRow = Pick<typeof readingPositions.$inferSelect, 'page' | 'offset' | 'updatedAt'>;

const columns = { page: readingPositions.page, offset: readingPositions.offset, updatedAt: readingPositions.updatedAt };

const ownOnPaper = (userId: number, ref: TPaperRef) =>
  and(
    eq(readingPositions.userId, userId),
    eq(readingPositions.platform, ref.platform),
    eq(readingPositions.paperId, ref.paper_id),
  );

/** The user's own position on a paper (scoped by user: the second wall behind the paper rule). */
export async function selectOwnPosition(db: Db, userId: number, ref: TPaperRef): Promise<ReadingPositionRow | null> {
  const [row] = await db.select(columns).from(readingPositions).where(ownOnPaper(userId, ref));
  return row ?? null;
}

/** Inserts or replaces the user's one position on a paper. */
export async function upsertPosition(
  db: Db,
  userId: number,
  ref: TPaperRef,
  place: { page: number; offset: number },
): Promise<ReadingPositionRow> {
  const now = new Date();
  const [row] = await db
    .insert(readingPositions)
    .values({ userId, platform: ref.platform, paperId: ref.paper_id, ...place, updatedAt: now })
    .onConflictDoUpdate({
      target: [readingPositions.userId, readingPositions.platform, readingPositions.paperId],
      set: { ...place, updatedAt: now },
    })
    .returning(columns);
  if (!row) throw new Error('an upsert returns its row');
  return row;
}

/** The quota: drops the user's positions beyond their `keep` most recent. */
export async function pruneOldPositions(db: Db, userId: number, keep: number): Promise<void> {
  const recent = db
    .select({ id: readingPositions.id })
    .from(readingPositions)
    .where(eq(readingPositions.userId, userId))
    .orderBy(desc(readingPositions.updatedAt), desc(readingPositions.id))
    .limit(keep);
  await db
    .delete(readingPositions)
    .where(and(eq(readingPositions.userId, userId), notInArray(readingPositions.id, recent)));
}
