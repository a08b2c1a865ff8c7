import type { TPaperRef } from '@paperbench/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { chatSessions, papers, reviewFiles } from '../../db/schema';
import { visiblePaperFilter } from '../papers/paper-visibility.repo';

/** A session's file with what its node and its listing show of the paper. */
export interface ReviewFileRow {
  sessionId: number;
  platform: string;
  paperId: string;
  title: string;
  authors: string[];
  publishedDate: string | null;
  pdfUrl: string | null;
  abstract: string | null;
}

const fileColumns = {
  sessionId: reviewFiles.sessionId,
  platform: reviewFiles.platform,
  paperId: reviewFiles.paperId,
  title: papers.title,
  authors: papers.authors,
  publishedDate: papers.publishedDate,
  pdfUrl: papers.pdfUrl,
  abstract: papers.abstract,
};

/**
 * The session's papers the user may read, in the order they were added. The caller has checked the
 * session is the user's. An upload whose grant ended stays a row but is no node: its title, abstract
 * and passages are no longer the user's (docs/collaboration.md#uploads).
 */
export async function selectSessionFiles(db: Db | Tx, userId: number, sessionId: number): Promise<ReviewFileRow[]> {
  return db
    .select(fileColumns)
    .from(reviewFiles)
    .innerJoin(papers, and(eq(papers.platform, reviewFiles.platform), eq(papers.paperId, reviewFiles.paperId)))
    .where(and(eq(reviewFiles.sessionId, sessionId), visiblePaperFilter(userId)))
    .orderBy(asc(reviewFiles.addedAt), asc(reviewFiles.platform), asc(reviewFiles.paperId));
}

export async function countSessionFiles(db: Db | Tx, sessionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviewFiles).where(eq(reviewFiles.sessionId, sessionId));
  return row?.n ?? 0;
}

/** Which of `refs` the session already holds. */
export async function selectHeldRefs(db: Db | Tx, sessionId: number, refs: readonly TPaperRef[]): Promise<TPaperRef[]> {
  if (refs.length === 0) return [];
  const tuples = refs.map((ref) => sql`(${ref.platform}, ${ref.paper_id})`);
  const rows = await db
    .select({ platform: reviewFiles.platform, paperId: reviewFiles.paperId })
    .from(reviewFiles)
    .where(
      and(
        eq(reviewFiles.sessionId, sessionId),
        sql`(${reviewFiles.platform}, ${reviewFiles.paperId}) in (${sql.join(tuples, sql`, `)})`,
      ),
    );
  return rows.map((row) => ({ platform: row.platform, paper_id: row.paperId }));
}

/** Attaches papers (already attached ones are left alone); how many were new. */
export async function insertSessionFiles(tx: Db | Tx, sessionId: number, refs: readonly TPaperRef[]): Promise<number> {
  if (refs.length === 0) return 0;
  const inserted = await tx
    .insert(reviewFiles)
    .values(
      refs.map((ref, index) => ({
        sessionId,
        platform: ref.platform,
        paperId: ref.paper_id,
        // now() is the transaction's start, the same for every row: a microsecond apart keeps request order.
        addedAt: sql`now() + ${index} * interval '1 microsecond'`,
      })),
    )
    .onConflictDoNothing()
    .returning({ paperId: reviewFiles.paperId });
  return inserted.length;
}

/** Detaches a paper; its edges and proposals go by cascade. False when the session did not hold it. */
export async function deleteSessionFile(db: Db | Tx, sessionId: number, ref: TPaperRef): Promise<boolean> {
  const deleted = await db
    .delete(reviewFiles)
    .where(
      and(
        eq(reviewFiles.sessionId, sessionId),
        eq(reviewFiles.platform, ref.platform),
        eq(reviewFiles.paperId, ref.paper_id),
      ),
    )
    .returning({ paperId: reviewFiles.paperId });
  return deleted.length > 0;
}

/**
 * The session row, locked for the rest of the transaction: writes to one session's files and edges
 * queue behind each other, so two requests cannot both take the last place under a cap.
 */
export async function lockReviewSession(tx: Tx, userId: number, sessionId: number) {
  const [row] = await tx
    .select({ id: chatSessions.id, graphStatus: chatSessions.graphStatus })
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId), eq(chatSessions.kind, 'review')))
    .for('update');
  return row ?? null;
}
