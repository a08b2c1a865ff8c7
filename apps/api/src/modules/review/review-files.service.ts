import { paperRefKey, type TPaperRef, type TReviewFile } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { sessionNotFound } from '../chat/chat-sessions.service';
import { describePaper } from '../papers/paper-visibility.repo';
import { requestFullText } from '../passages/full-text-requests';
import { presentReviewFile } from './review.presenter';
import {
  countSessionFiles,
  deleteSessionFile,
  insertSessionFiles,
  lockReviewSession,
  selectHeldRefs,
  selectSessionFiles,
} from './review-files.repo';
import { updateGraphStatus } from './review-graph.repo';
import { fileCapReached, REVIEW_LIMITS } from './review-limits';
import { requireReviewSession } from './review-session-access';

type FilesContext = Pick<AppContext, 'db' | 'config' | 'queue'>;

/** The refs once each, in request order. */
export function distinctRefs(refs: readonly TPaperRef[]): TPaperRef[] {
  return [...new Map(refs.map((ref) => [paperRefKey(ref), ref])).values()];
}

/**
 * Inside a transaction that has locked the session: attaches the papers it does not hold yet, under the
 * per-session cap (409, nothing added), and asks for their full text (docs/ai.md#full-text-and-passages)
 * so the graph's proposals and the chat can read them. A completed graph that gains a node is a draft
 * again (docs/review.md#graph). The caller has checked the papers are readable.
 */
export async function attachPapers(
  tx: Tx,
  config: FilesContext['config'],
  session: { id: number; graphStatus: string | null },
  refs: readonly TPaperRef[],
): Promise<number> {
  const wanted = distinctRefs(refs);
  const held = new Set((await selectHeldRefs(tx, session.id, wanted)).map(paperRefKey));
  const fresh = wanted.filter((ref) => !held.has(paperRefKey(ref)));
  if (fresh.length === 0) return 0;
  if ((await countSessionFiles(tx, session.id)) + fresh.length > REVIEW_LIMITS.filesPerSession) {
    throw fileCapReached(`Review session ${session.id}`);
  }
  const added = await insertSessionFiles(tx, session.id, fresh);
  await requestFullText(tx, config, fresh);
  if (session.graphStatus === 'complete') await updateGraphStatus(tx, session.id, 'draft');
  return added;
}

/**
 * Attaches papers the caller may read (all or nothing: a missing or unreadable one is 404, named, and
 * nothing is added); papers already attached are skipped.
 */
export async function addPapersToSession(
  { db, config, queue }: FilesContext,
  userId: number,
  sessionId: number,
  refs: readonly TPaperRef[],
): Promise<void> {
  await requireReviewSession(db, userId, sessionId);
  await requireAccess(db, { userId }, 'paper.read', distinctRefs(refs));
  const added = await db.transaction(async (tx) => {
    const session = await lockReviewSession(tx, userId, sessionId);
    if (!session) throw sessionNotFound('review', sessionId);
    return attachPapers(tx, config, session, refs);
  });
  // The full-text jobs committed with the files; the poller picks them up now rather than on its next tick.
  if (added > 0) queue.wake();
}

export async function addSessionFiles(
  context: FilesContext,
  userId: number,
  sessionId: number,
  refs: readonly TPaperRef[],
): Promise<TReviewFile[]> {
  await addPapersToSession(context, userId, sessionId, refs);
  return (await selectSessionFiles(context.db, userId, sessionId)).map(presentReviewFile);
}

export async function listSessionFiles(db: Db, userId: number, sessionId: number): Promise<TReviewFile[]> {
  await requireReviewSession(db, userId, sessionId);
  return (await selectSessionFiles(db, userId, sessionId)).map(presentReviewFile);
}

/**
 * Detaches a paper: its edges and proposals go by cascade; a completed graph is a draft again. The
 * target paper is kept: it need not be a node (docs/review.md#sessions-files-and-target-paper).
 */
export async function removeSessionFile(db: Db, userId: number, sessionId: number, ref: TPaperRef): Promise<void> {
  await requireReviewSession(db, userId, sessionId);
  await db.transaction(async (tx) => {
    const session = await lockReviewSession(tx, userId, sessionId);
    if (!session) throw sessionNotFound('review', sessionId);
    if (!(await deleteSessionFile(tx, sessionId, ref))) {
      throw notFound(`${describePaper(ref)} in review session ${sessionId}`);
    }
    if (session.graphStatus === 'complete') await updateGraphStatus(tx, sessionId, 'draft');
  });
}

/** One file of the session as the listing shows it (after an upload). */
export async function findSessionFile(db: Db, userId: number, sessionId: number, ref: TPaperRef): Promise<TReviewFile> {
  const row = (await selectSessionFiles(db, userId, sessionId)).find(
    (file) => file.platform === ref.platform && file.paperId === ref.paper_id,
  );
  if (!row) throw notFound(`${describePaper(ref)} in review session ${sessionId}`);
  return presentReviewFile(row);
}
