import type { TPaperRef } from '@paperbench/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PaperRow, paperColumns } from '../../db/columns/paper-columns';
import { papers, sharedListPapers, sharedLists } from '../../db/schema';
import { visiblePaperFilter } from '../papers/paper-visibility.repo';

/** Writes the list and its papers in the given order; the caller wraps it in one transaction (no half lists). */
export async function insertSharedList(db: Db, list: { shareId: string; createdBy: number; refs: TPaperRef[] }) {
  await db.insert(sharedLists).values({ shareId: list.shareId, createdBy: list.createdBy });
  await db.insert(sharedListPapers).values(
    list.refs.map((ref, position) => ({
      shareId: list.shareId,
      position,
      platform: ref.platform,
      paperId: ref.paper_id,
    })),
  );
}

export async function selectSharedList(db: Db, shareId: string): Promise<{ createdAt: Date } | null> {
  const [row] = await db
    .select({ createdAt: sharedLists.createdAt })
    .from(sharedLists)
    .where(eq(sharedLists.shareId, shareId));
  return row ?? null;
}

/**
 * The papers of a list, in the order they were shared, each with whether the user may read it
 * (visiblePaperFilter): a link is not a grant, so an upload on it is the caller's only if a grant
 * of their own says so (docs/collaboration.md#uploads).
 */
export function selectSharedPapers(
  db: Db,
  userId: number | null,
  shareId: string,
): Promise<(PaperRow & { readable: boolean })[]> {
  return db
    .select({ ...paperColumns, readable: sql<boolean>`${visiblePaperFilter(userId)}` })
    .from(sharedListPapers)
    .innerJoin(
      papers,
      and(eq(papers.platform, sharedListPapers.platform), eq(papers.paperId, sharedListPapers.paperId)),
    )
    .where(eq(sharedListPapers.shareId, shareId))
    .orderBy(asc(sharedListPapers.position));
}

/** Deletes a list the user created (its papers go by cascade); false when there is no such list of theirs. */
export async function deleteOwnSharedList(db: Db, userId: number, shareId: string): Promise<boolean> {
  const deleted = await db
    .delete(sharedLists)
    .where(and(eq(sharedLists.shareId, shareId), eq(sharedLists.createdBy, userId)))
    .returning({ shareId: sharedLists.shareId });
  return deleted.length > 0;
}
