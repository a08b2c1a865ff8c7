import type { TCitationCheck } from '@paperbench/contract';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chatSessions, reviewDrafts } from '../../../db/schema';

/**
 * Drafts kept per session (docs/review.md#writing): each stream_rws writes one, the exports read the
 * latest; older ones beyond this are pruned in the same transaction, so rows cannot pile up.
 */
export const DRAFTS_KEPT_PER_SESSION = 10;

export type ReviewDraftRow = typeof reviewDrafts.$inferSelect;

export interface NewReviewDraft {
  sessionId: number;
  source: 'model' | 'extractive';
  instructions: string | null;
  draft: Record<string, unknown>;
  citations: TCitationCheck;
}

/** Stores a finished draft, moves the session to the top of the sidebar, prunes the oldest drafts; the new id. */
export async function insertDraft(db: Db, draft: NewReviewDraft): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(reviewDrafts).values(draft).returning({ id: reviewDrafts.id });
    if (!row) throw new Error('review draft insert returned no row');
    await tx.update(chatSessions).set({ updatedAt: new Date() }).where(eq(chatSessions.id, draft.sessionId));
    const kept = tx
      .select({ id: reviewDrafts.id })
      .from(reviewDrafts)
      .where(eq(reviewDrafts.sessionId, draft.sessionId))
      .orderBy(desc(reviewDrafts.id))
      .limit(DRAFTS_KEPT_PER_SESSION);
    await tx
      .delete(reviewDrafts)
      .where(and(eq(reviewDrafts.sessionId, draft.sessionId), notInArray(reviewDrafts.id, kept)));
    return row.id;
  });
}

/** The session's latest draft, or null. The caller has checked the session is the user's. */
export async function selectLatestDraft(db: Db, sessionId: number): Promise<ReviewDraftRow | null> {
  const [row] = await db
    .select()
    .from(reviewDrafts)
    .where(eq(reviewDrafts.sessionId, sessionId))
    .orderBy(desc(reviewDrafts.id))
    .limit(1);
  return row ?? null;
}

/** How many drafts a session holds (tests of the pruning). */
export async function countDrafts(db: Db, sessionIds: readonly number[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db
    .select({ id: reviewDrafts.id })
    .from(reviewDrafts)
    .where(inArray(reviewDrafts.sessionId, [...sessionIds]));
  return rows.length;
}
