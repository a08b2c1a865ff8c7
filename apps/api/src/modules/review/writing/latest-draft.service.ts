import type { TSavedReviewDraft } from '@paperbench/contract';
import type { AppContext } from '../../../app-context';
import { requireReviewSession } from '../review-session-access';
import { presentReference } from './references';
import { ZStoredDraft } from './review-draft';
import { selectLatestDraft } from './review-drafts.repo';

/**
 * docs/review.md#writing: the session's latest draft as it was streamed, so a reopened session shows it;
 * null before the first. The session must be the caller's review session (404 otherwise, as a missing one).
 */
export async function latestDraft(
  { db }: Pick<AppContext, 'db'>,
  userId: number,
  sessionId: number,
): Promise<TSavedReviewDraft | null> {
  const session = await requireReviewSession(db, userId, sessionId);
  const row = await selectLatestDraft(db, session.id);
  if (!row) return null;
  const draft = ZStoredDraft.parse(row.draft);
  return {
    id: row.id,
    source: row.source === 'model' ? 'model' : 'extractive',
    instructions: row.instructions,
    outline: draft.outline,
    closing: draft.closing,
    sections: draft.sections,
    references: draft.references.map(presentReference),
    citations: row.citations,
    // As the stream's done event says it (stream-review.service.ts).
    abstained: row.citations.supported.length === 0,
    created_at: row.createdAt.toISOString(),
  };
}
