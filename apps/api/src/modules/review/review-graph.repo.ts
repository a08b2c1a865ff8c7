import type { TPaperRef } from '@paperbench/contract';
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { chatSessions, passages, reviewEdges } from '../../db/schema';

export type ReviewEdgeRow = typeof reviewEdges.$inferSelect;
export type EdgeState = 'accepted' | 'proposed' | 'dismissed';
export type GraphStatus = 'draft' | 'complete';

/** Every edge row of the session (accepted, proposed and dismissed), oldest first. */
export async function selectEdges(db: Db | Tx, sessionId: number): Promise<ReviewEdgeRow[]> {
  return db.select().from(reviewEdges).where(eq(reviewEdges.sessionId, sessionId)).orderBy(asc(reviewEdges.id));
}

export async function countEdges(db: Db | Tx, sessionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviewEdges).where(eq(reviewEdges.sessionId, sessionId));
  return row?.n ?? 0;
}

const pairColumns = (source: TPaperRef, target: TPaperRef) => ({
  sourcePlatform: source.platform,
  sourcePaperId: source.paper_id,
  targetPlatform: target.platform,
  targetPaperId: target.paper_id,
});

/**
 * The user's edge from source to target: a new row, or the pair's existing row (drawn, proposed or
 * dismissed) made an accepted edge with this label (docs/review.md#graph: re-drawing relabels).
 */
export async function upsertAcceptedEdge(
  tx: Db | Tx,
  sessionId: number,
  source: TPaperRef,
  target: TPaperRef,
  label: string,
): Promise<ReviewEdgeRow> {
  const [row] = await tx
    .insert(reviewEdges)
    .values({ sessionId, ...pairColumns(source, target), label, state: 'accepted' })
    .onConflictDoUpdate({
      target: [
        reviewEdges.sessionId,
        reviewEdges.sourcePlatform,
        reviewEdges.sourcePaperId,
        reviewEdges.targetPlatform,
        reviewEdges.targetPaperId,
      ],
      set: { label, state: 'accepted' },
    })
    .returning();
  if (!row) throw new Error('review edge upsert returned no row');
  return row;
}

export interface NewProposal {
  source: TPaperRef;
  target: TPaperRef;
  similarity: number;
  sharedTerms: string[];
  /** Stored as the proposal's label ('cites' or 'overlap'), which accepting replaces with the user's. */
  kind: 'cites' | 'overlap';
}

/** Stores proposals; a pair that already has a row (raced in meanwhile) is left as it is. */
export async function insertProposals(tx: Tx, sessionId: number, proposals: readonly NewProposal[]): Promise<void> {
  if (proposals.length === 0) return;
  await tx
    .insert(reviewEdges)
    .values(
      proposals.map((proposal) => ({
        sessionId,
        ...pairColumns(proposal.source, proposal.target),
        state: 'proposed',
        label: proposal.kind,
        similarity: proposal.similarity,
        sharedTerms: proposal.sharedTerms,
      })),
    )
    .onConflictDoNothing();
}

/** Moves an edge row from one state to another; null when the session has no such row in `from`. */
export async function updateEdgeState(
  tx: Db | Tx,
  sessionId: number,
  edgeId: number,
  from: EdgeState,
  to: EdgeState,
  label?: string,
): Promise<ReviewEdgeRow | null> {
  const [row] = await tx
    .update(reviewEdges)
    .set({ state: to, ...(label === undefined ? {} : { label }) })
    .where(and(eq(reviewEdges.sessionId, sessionId), eq(reviewEdges.id, edgeId), eq(reviewEdges.state, from)))
    .returning();
  return row ?? null;
}

/** Removes an accepted edge; false when the session has no such edge. */
export async function deleteAcceptedEdge(tx: Db | Tx, sessionId: number, edgeId: number): Promise<boolean> {
  const deleted = await tx
    .delete(reviewEdges)
    .where(and(eq(reviewEdges.sessionId, sessionId), eq(reviewEdges.id, edgeId), eq(reviewEdges.state, 'accepted')))
    .returning({ id: reviewEdges.id });
  return deleted.length > 0;
}

/** Sets the graph status (requirements §4) and moves the session up the list. */
export async function updateGraphStatus(tx: Db | Tx, sessionId: number, status: GraphStatus): Promise<void> {
  await tx
    .update(chatSessions)
    .set({ graphStatus: status, updatedAt: sql`now()` })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.kind, 'review')));
}

/** Sets or (null) clears the session's target paper. */
export async function updateTargetPaper(db: Db | Tx, sessionId: number, target: TPaperRef | null): Promise<void> {
  await db
    .update(chatSessions)
    .set({ targetPlatform: target?.platform ?? null, targetPaperId: target?.paper_id ?? null })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.kind, 'review')));
}

/**
 * The first `perPaper` passages of each paper, in reading order: the text the proposals compare
 * (docs/review.md#graph). The caller has checked the papers are the session's.
 */
export async function selectPassageTexts(
  db: Db | Tx,
  refs: readonly TPaperRef[],
  perPaper: number,
): Promise<{ platform: string; paperId: string; text: string }[]> {
  if (refs.length === 0) return [];
  const tuples = refs.map((ref) => sql`(${ref.platform}, ${ref.paper_id})`);
  return db
    .select({ platform: passages.platform, paperId: passages.paperId, text: passages.text })
    .from(passages)
    .where(
      and(
        sql`(${passages.platform}, ${passages.paperId}) in (${sql.join(tuples, sql`, `)})`,
        lt(passages.ordinal, perPaper),
      ),
    )
    .orderBy(asc(passages.platform), asc(passages.paperId), asc(passages.ordinal));
}
