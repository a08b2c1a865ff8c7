import { paperRefKey, type TPaperRef, type TReviewGraph } from '@paperbench/contract';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { sessionNotFound } from '../chat/chat-sessions.service';
import { describePaper } from '../papers/paper-visibility.repo';
import { citationLinksAmong } from '../references/references.service';
import { PROPOSAL_OPTIONS, type ProposalPaper, pairKey, proposeEdges } from './edge-proposals';
import { presentGraph, presentNode } from './review.presenter';
import { lockReviewSession, type ReviewFileRow, selectHeldRefs, selectSessionFiles } from './review-files.repo';
import { addPapersToSession } from './review-files.service';
import {
  countEdges,
  deleteAcceptedEdge,
  type GraphStatus,
  insertProposals,
  selectEdges,
  selectPassageTexts,
  updateEdgeState,
  updateGraphStatus,
  upsertAcceptedEdge,
} from './review-graph.repo';
import { edgeCapReached, REVIEW_LIMITS } from './review-limits';
import { requireReviewSession } from './review-session-access';

type GraphContext = Parameters<typeof addPapersToSession>[0];

/** Passages per paper that proposals read: the opening of a paper says what it is about. */
const PROPOSAL_PASSAGES_PER_PAPER = 300;

/**
 * The session's nodes the user may read and the edges between them: an edge to a paper that is no
 * longer the user's (docs/collaboration.md#uploads) goes with it, until the paper comes back.
 */
async function selectNodesAndEdges(db: Db | Tx, userId: number, sessionId: number) {
  const [files, edges] = await Promise.all([selectSessionFiles(db, userId, sessionId), selectEdges(db, sessionId)]);
  const nodes = new Set(files.map((file) => paperRefKey({ platform: file.platform, paper_id: file.paperId })));
  const between = edges.filter(
    (edge) =>
      nodes.has(paperRefKey({ platform: edge.sourcePlatform, paper_id: edge.sourcePaperId })) &&
      nodes.has(paperRefKey({ platform: edge.targetPlatform, paper_id: edge.targetPaperId })),
  );
  return { files, edges: between };
}

async function readGraph(db: Db | Tx, userId: number, sessionId: number, status: string | null): Promise<TReviewGraph> {
  const { files, edges } = await selectNodesAndEdges(db, userId, sessionId);
  return presentGraph(sessionId, (status ?? 'draft') as GraphStatus, files, edges);
}

export async function getGraph(db: Db, userId: number, sessionId: number): Promise<TReviewGraph> {
  const session = await requireReviewSession(db, userId, sessionId);
  return readGraph(db, userId, sessionId, session.graphStatus);
}

/** Nodes are the session's files (docs/review.md#graph): the same checks and cap as add_files. */
export async function addGraphNodes(
  context: GraphContext,
  userId: number,
  sessionId: number,
  refs: readonly TPaperRef[],
): Promise<TReviewGraph> {
  await addPapersToSession(context, userId, sessionId, refs);
  return getGraph(context.db, userId, sessionId);
}

/**
 * Runs `change` on the locked session, then answers the graph as the change left it. `edits` says
 * whether the change edits the graph's structure: a completed graph is then a draft again
 * (docs/review.md#graph), to be completed (and its proposals refreshed) once more.
 */
async function changeGraph(
  db: Db,
  userId: number,
  sessionId: number,
  edits: boolean,
  change: (tx: Tx) => Promise<void>,
): Promise<TReviewGraph> {
  await requireReviewSession(db, userId, sessionId);
  return db.transaction(async (tx) => {
    const session = await lockReviewSession(tx, userId, sessionId);
    if (!session) throw sessionNotFound('review', sessionId);
    await change(tx);
    let status = session.graphStatus;
    if (edits && status === 'complete') {
      await updateGraphStatus(tx, sessionId, 'draft');
      status = 'draft';
    }
    return readGraph(tx, userId, sessionId, status);
  });
}

const sameRef = (a: TPaperRef, b: TPaperRef) => a.platform === b.platform && a.paper_id === b.paper_id;

/**
 * Draws an edge between two nodes. Drawing a pair already linked the same way relabels it (a pending
 * or dismissed proposal of that pair becomes the user's edge); the reverse direction is another edge.
 */
export async function addGraphEdge(
  db: Db,
  userId: number,
  edge: { sessionId: number; source: TPaperRef; target: TPaperRef; label: string },
): Promise<TReviewGraph> {
  const { sessionId, source, target, label } = edge;
  return changeGraph(db, userId, sessionId, true, async (tx) => {
    if (sameRef(source, target)) {
      throw new AppError('INVALID_REQUEST', 'An edge must join two different papers: source and target are the same');
    }
    const held = await selectHeldRefs(tx, sessionId, [source, target]);
    for (const end of [source, target]) {
      if (!held.some((ref) => sameRef(ref, end))) {
        throw new AppError(
          'CONFLICT',
          `${describePaper(end)} is not a node of review session ${sessionId}: add it to the graph first`,
        );
      }
    }
    const existing = (await selectEdges(tx, sessionId)).some(
      (row) =>
        sameRef({ platform: row.sourcePlatform, paper_id: row.sourcePaperId }, source) &&
        sameRef({ platform: row.targetPlatform, paper_id: row.targetPaperId }, target),
    );
    if (!existing && (await countEdges(tx, sessionId)) >= REVIEW_LIMITS.edgesPerSession) {
      throw edgeCapReached(sessionId);
    }
    await upsertAcceptedEdge(tx, sessionId, source, target, label);
  });
}

export async function deleteGraphEdge(
  db: Db,
  userId: number,
  sessionId: number,
  edgeId: number,
): Promise<TReviewGraph> {
  return changeGraph(db, userId, sessionId, true, async (tx) => {
    if (!(await deleteAcceptedEdge(tx, sessionId, edgeId))) {
      throw notFound(`Edge ${edgeId} of review session ${sessionId}`);
    }
  });
}

/** What the proposals compare for each node: its passages, or its title and abstract when it has none. */
async function proposalPapers(db: Db, files: readonly ReviewFileRow[]): Promise<ProposalPaper[]> {
  const refs = files.map((file) => ({ platform: file.platform, paper_id: file.paperId }));
  const passages = await selectPassageTexts(db, refs, PROPOSAL_PASSAGES_PER_PAPER);
  const textOf = new Map<string, string[]>();
  for (const passage of passages) {
    const key = paperRefKey({ platform: passage.platform, paper_id: passage.paperId });
    textOf.set(key, [...(textOf.get(key) ?? []), passage.text]);
  }
  return files.map((file) => {
    const own = textOf.get(paperRefKey({ platform: file.platform, paper_id: file.paperId }));
    return {
      ref: { platform: file.platform, paper_id: file.paperId },
      text: own ? own.join('\n') : `${file.title}\n${file.abstract ?? ''}`,
      year: presentNode(file).year,
    };
  });
}

/**
 * requirements §4: the graph is marked complete, and pairs of similar papers not yet linked (either way) nor
 * dismissed before are proposed (docs/review.md#graph). Proposals wait for the user: never edges
 * until accepted. Completing again proposes only pairs that have no row yet.
 */
export async function completeGraph(db: Db, userId: number, sessionId: number): Promise<TReviewGraph> {
  await requireReviewSession(db, userId, sessionId);
  const { files, edges } = await selectNodesAndEdges(db, userId, sessionId);
  const linked = new Set(
    edges.map((edge) =>
      pairKey(
        { platform: edge.sourcePlatform, paper_id: edge.sourcePaperId },
        { platform: edge.targetPlatform, paper_id: edge.targetPaperId },
      ),
    ),
  );
  // Computed before the lock: a tf-idf pass over many papers should not hold the session's row.
  const refs = files.map((file) => ({ platform: file.platform, paper_id: file.paperId }));
  const citations = await citationLinksAmong(db, refs);
  const proposals = proposeEdges(await proposalPapers(db, files), linked, PROPOSAL_OPTIONS, citations);
  return db.transaction(async (tx) => {
    const session = await lockReviewSession(tx, userId, sessionId);
    if (!session) throw sessionNotFound('review', sessionId);
    const room = Math.max(0, REVIEW_LIMITS.edgesPerSession - (await countEdges(tx, sessionId)));
    // A file removed meanwhile took its pairs with it: only proposals between current nodes are stored.
    const current = new Set(
      (await selectSessionFiles(tx, userId, sessionId)).map((file) =>
        paperRefKey({ platform: file.platform, paper_id: file.paperId }),
      ),
    );
    const stillNodes = proposals.filter(
      (p) => current.has(paperRefKey(p.source)) && current.has(paperRefKey(p.target)),
    );
    await insertProposals(tx, sessionId, stillNodes.slice(0, room));
    await updateGraphStatus(tx, sessionId, 'complete');
    return readGraph(tx, userId, sessionId, 'complete');
  });
}

/** A proposal becomes the user's edge (with `label`); the status is kept: answering proposals is part of completing. */
export async function acceptProposal(
  db: Db,
  userId: number,
  request: { sessionId: number; proposalId: number; label: string },
): Promise<TReviewGraph> {
  const { sessionId, proposalId, label } = request;
  return changeGraph(db, userId, sessionId, false, async (tx) => {
    if (!(await updateEdgeState(tx, sessionId, proposalId, 'proposed', 'accepted', label))) {
      throw notFound(`Proposal ${proposalId} of review session ${sessionId}`);
    }
  });
}

/** A dismissed proposal stays as a row, so the pair is not proposed again. */
export async function dismissProposal(
  db: Db,
  userId: number,
  sessionId: number,
  proposalId: number,
): Promise<TReviewGraph> {
  return changeGraph(db, userId, sessionId, false, async (tx) => {
    if (!(await updateEdgeState(tx, sessionId, proposalId, 'proposed', 'dismissed'))) {
      throw notFound(`Proposal ${proposalId} of review session ${sessionId}`);
    }
  });
}
