import type { AppContext } from '../../../app-context';
import { notFound } from '../../../lib/app-error';
import { requireReviewSession } from '../review-session-access';
import { ZStoredDraft } from './review-draft';
import { selectLatestDraft } from './review-drafts.repo';
import { REVIEW_EXPORT_FILES, type ReviewExportFormat, renderDraft } from './review-export';

export interface ExportFile {
  body: string;
  filename: string;
}

/**
 * docs/review.md#export: the session's latest draft as a file. The session must be the caller's review
 * session (404 otherwise, as a missing one); a session with no draft yet is 404 too.
 */
export async function exportLatestDraft(
  { db }: Pick<AppContext, 'db'>,
  userId: number,
  sessionId: number,
  format: ReviewExportFormat,
): Promise<ExportFile> {
  const session = await requireReviewSession(db, userId, sessionId);
  const row = await selectLatestDraft(db, session.id);
  if (!row) throw notFound(`A written draft of review session ${sessionId}`);
  const draft = ZStoredDraft.parse(row.draft);
  const source = row.source === 'model' ? 'model' : 'extractive';
  const file = REVIEW_EXPORT_FILES[format];
  return {
    body: renderDraft({ draft, source }, format),
    filename: `related-work-${session.id}.${file.extension}`,
  };
}
