import type { TPaperRef, TTargetPaper, TTargetPaperDetails } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { publicationYear } from '../../lib/bibliography';
import { requireAccess } from '../../policies/access';
import { findVisiblePaper } from '../papers/paper-visibility.repo';
import { presentTarget } from './review.presenter';
import { updateTargetPaper } from './review-graph.repo';
import { requireReviewSession } from './review-session-access';

/**
 * requirements §3 target paper: the paper the review is written for, usually the user's own (often an upload).
 * Any paper they may read; it need not be a node, since a paper's related work does not cite itself
 * (docs/review.md#sessions-files-and-target-paper).
 */
export async function setTargetPaper(db: Db, userId: number, sessionId: number, ref: TPaperRef): Promise<TTargetPaper> {
  await requireReviewSession(db, userId, sessionId);
  await requireAccess(db, { userId }, 'paper.read', [ref]);
  await updateTargetPaper(db, sessionId, ref);
  return { session_id: sessionId, paper_id: ref.paper_id, platform: ref.platform };
}

/**
 * The target with its title, authors and year (it need not be a node, so the graph does not name it),
 * or null when none is set or the paper is no longer readable (an upload taken back).
 */
export async function getTargetPaper(db: Db, userId: number, sessionId: number): Promise<TTargetPaperDetails | null> {
  const session = await requireReviewSession(db, userId, sessionId);
  const target = presentTarget(sessionId, session);
  const paper = target && (await findVisiblePaper(db, userId, target));
  if (!target || !paper) return null;
  return {
    ...target,
    title: paper.title ?? '',
    authors: paper.authors ?? [],
    year: publicationYear(paper.publishedDate),
  };
}

export async function clearTargetPaper(db: Db, userId: number, sessionId: number): Promise<void> {
  await requireReviewSession(db, userId, sessionId);
  await updateTargetPaper(db, sessionId, null);
}
