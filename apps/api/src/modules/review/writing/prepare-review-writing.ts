import { paperRefKey, type TReviewWriteRequest } from '@paperbench/contract';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { checkAccess } from '../../../policies/access';
import { requireReviewSession } from '../review-session-access';
import { type GraphGroup, graphGroups } from './graph-groups';
import { type OutlineSection, offlineOutline } from './outline';
import { selectAcceptedEdges, selectPaper, selectSessionPapers, type WritingPaperRow } from './review-writing.repo';

/** A review ready to be written: everything that can be refused with a status code, checked before the stream. */
export interface ReviewWritingPlan {
  sessionId: number;
  instructions: string | null;
  /** The session's papers and the target, by paperRefKey. */
  papers: Map<string, WritingPaperRow>;
  groups: GraphGroup[];
  /** Titles and order without a model (the model may rename and reorder them). */
  offlineOutline: OutlineSection[];
  /** The paper the review is about, when one is set and still exists. */
  target: WritingPaperRow | null;
  /** Whether the target is one of the session's papers (then it is cited like them). */
  targetIsNode: boolean;
}

/** The papers the caller may read ('paper.read'), in order. */
async function readable(db: Db, userId: number, rows: readonly WritingPaperRow[]): Promise<WritingPaperRow[]> {
  const allowed = new Set(
    (
      await checkAccess(
        db,
        { userId },
        'paper.read',
        rows.map((row) => ({ platform: row.platform, paper_id: row.paperId })),
      )
    ).map(paperRefKey),
  );
  return rows.filter((row) => allowed.has(keyOf(row)));
}

const keyOf = (paper: WritingPaperRow) => paperRefKey({ platform: paper.platform, paper_id: paper.paperId });

/**
 * docs/review.md#writing: the session must be the caller's review session (404 otherwise, as a missing
 * one: review-session-access.ts) and hold at least one paper the caller may read (409). The groups
 * and the offline outline come from the graph here, without a model.
 */
export async function prepareReviewWriting(
  { db }: Pick<AppContext, 'db'>,
  userId: number,
  request: TReviewWriteRequest,
): Promise<ReviewWritingPlan> {
  const session = await requireReviewSession(db, userId, request.session_id);
  // A paper the caller may no longer read (an upload taken back) is left out, as the target then is.
  const rows = await readable(db, userId, await selectSessionPapers(db, session.id));
  if (rows.length === 0) {
    throw new AppError('CONFLICT', 'This review session has no papers yet: add papers to its graph before writing.');
  }
  const edges = await selectAcceptedEdges(db, session.id);
  const refs = rows.map((row) => ({ platform: row.platform, paper_id: row.paperId }));
  const groups = graphGroups(refs, edges);
  const papers = new Map(rows.map((row) => [keyOf(row), row]));
  const texts = new Map(rows.map((row) => [keyOf(row), { title: row.title, abstract: row.abstract }]));
  const targetRef =
    session.targetPlatform && session.targetPaperId
      ? { platform: session.targetPlatform, paper_id: session.targetPaperId }
      : null;
  const targetRow = targetRef ? (papers.get(paperRefKey(targetRef)) ?? (await selectPaper(db, targetRef))) : null;
  const [target = null] = targetRow ? await readable(db, userId, [targetRow]) : [];
  const targetIsNode = target !== null && papers.has(keyOf(target));
  if (target) papers.set(keyOf(target), target);
  return {
    sessionId: session.id,
    instructions: request.instructions || null,
    papers,
    groups,
    offlineOutline: offlineOutline(groups, texts),
    target,
    targetIsNode,
  };
}
