import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { sendEventStream } from '../../lib/event-stream';
import { requireUser } from '../../plugins/identity';
import { CHAT_FAILURE, streamChatAnswer } from '../chat/stream-chat.service';
import { prepareReviewChat } from './review-chat.service';
import { addSessionFiles, listSessionFiles, removeSessionFile } from './review-files.service';
import {
  acceptProposal,
  addGraphEdge,
  addGraphNodes,
  completeGraph,
  deleteGraphEdge,
  dismissProposal,
  getGraph,
} from './review-graph.service';
import {
  createReviewSession,
  listReviewMessages,
  listReviewSessions,
  removeReviewSession,
  renameReviewSession,
} from './review-sessions.service';
import { clearTargetPaper, getTargetPaper, setTargetPaper } from './review-target.service';
import { createReviewUploadRoute } from './review-upload.route';
import { createReviewWritingHandlers } from './writing/review-writing.router';

const s = initServer();
const { review } = contract;

/** Review sessions: listed, made, renamed, deleted, and their chat messages. */
const sessionHandlers = ({ db }: AppContext) => ({
  listSessions: s.route(review.listSessions, async ({ request }) => ({
    status: 200,
    body: await listReviewSessions(db, requireUser(request)),
  })),
  createSession: s.route(review.createSession, async ({ body, request }) => ({
    status: 201,
    body: await createReviewSession(db, requireUser(request), body.title),
  })),
  deleteSession: s.route(review.deleteSession, async ({ query, request }) => {
    await removeReviewSession(db, requireUser(request), query.session_id);
    return { status: 200, body: { ok: true } };
  }),
  messages: s.route(review.messages, async ({ query, request }) => ({
    status: 200,
    body: await listReviewMessages(db, requireUser(request), query.session_id),
  })),
  updateSessionTitle: s.route(review.updateSessionTitle, async ({ body, request }) => ({
    status: 200,
    body: await renameReviewSession(db, requireUser(request), body.session_id, body.title),
  })),
});

/** The papers of a session, added from the corpus or uploaded. */
const fileHandlers = (context: AppContext) => ({
  listSessionFiles: s.route(review.listSessionFiles, async ({ params, request }) => ({
    status: 200,
    body: await listSessionFiles(context.db, requireUser(request), params.id),
  })),
  addSessionFiles: s.route(review.addSessionFiles, async ({ params, body, request }) => ({
    status: 200,
    body: await addSessionFiles(
      context,
      requireUser(request),
      params.id,
      body.paper_ids.map((paper_id) => ({ paper_id, platform: body.platform })),
    ),
  })),
  removeSessionFile: s.route(review.removeSessionFile, async ({ params, query, request }) => {
    await removeSessionFile(context.db, requireUser(request), params.id, {
      paper_id: params.fileId,
      platform: query.platform,
    });
    return { status: 204, body: undefined };
  }),
  upload: createReviewUploadRoute(context),
});

/** The session's graph: nodes, drawn edges, proposed edges accepted or dismissed (docs/review.md). */
const graphHandlers = (context: AppContext) => ({
  getGraph: s.route(review.getGraph, async ({ query, request }) => ({
    status: 200,
    body: await getGraph(context.db, requireUser(request), query.session_id),
  })),
  addGraphNodes: s.route(review.addGraphNodes, async ({ body, request }) => ({
    status: 200,
    body: await addGraphNodes(context, requireUser(request), body.session_id, body.papers),
  })),
  addGraphEdge: s.route(review.addGraphEdge, async ({ body, request }) => ({
    status: 200,
    body: await addGraphEdge(context.db, requireUser(request), {
      sessionId: body.session_id,
      source: body.source,
      target: body.target,
      label: body.label,
    }),
  })),
  deleteGraphEdge: s.route(review.deleteGraphEdge, async ({ query, request }) => ({
    status: 200,
    body: await deleteGraphEdge(context.db, requireUser(request), query.session_id, query.edge_id),
  })),
  completeGraph: s.route(review.completeGraph, async ({ body, request }) => ({
    status: 200,
    body: await completeGraph(context.db, requireUser(request), body.session_id),
  })),
  acceptProposal: s.route(review.acceptProposal, async ({ body, request }) => ({
    status: 200,
    body: await acceptProposal(context.db, requireUser(request), {
      sessionId: body.session_id,
      proposalId: body.proposal_id,
      label: body.label,
    }),
  })),
  dismissProposal: s.route(review.dismissProposal, async ({ body, request }) => ({
    status: 200,
    body: await dismissProposal(context.db, requireUser(request), body.session_id, body.proposal_id),
  })),
});

/** The paper the related work is written for. */
const targetHandlers = ({ db }: AppContext) => ({
  setTargetPaper: s.route(review.setTargetPaper, async ({ body, request }) => ({
    status: 200,
    body: await setTargetPaper(db, requireUser(request), body.session_id, body),
  })),
  getTargetPaper: s.route(review.getTargetPaper, async ({ query, request }) => ({
    status: 200,
    body: { target_paper: await getTargetPaper(db, requireUser(request), query.session_id) },
  })),
  clearTargetPaper: s.route(review.clearTargetPaper, async ({ query, request }) => {
    await clearTargetPaper(db, requireUser(request), query.session_id);
    return { status: 200, body: { ok: true } };
  }),
});

/** The review group (docs/review.md): sessions, files, graph, target paper and chat; writing is spread in. */
export const createReviewRouter = (context: AppContext) => {
  return s.router(review, {
    ...createReviewWritingHandlers(context),
    ...sessionHandlers(context),
    ...fileHandlers(context),
    ...graphHandlers(context),
    ...targetHandlers(context),
    chatRwg: async ({ body, request, reply }) => {
      // Authenticated and authorized before the stream starts, so refusals keep their status codes.
      const turn = await prepareReviewChat(context, requireUser(request), body);
      const answer = (signal: AbortSignal) => streamChatAnswer(context, turn, signal, request.log);
      return sendEventStream(reply, request.log, answer, CHAT_FAILURE);
    },
  });
};
