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

/** The review group (docs/review.md): sessions, files, graph, target paper and chat; writing is spread in. */
export const createReviewRouter = (context: AppContext) => {
  const { db } = context;
  return s.router(review, {
    ...createReviewWritingHandlers(context),
    listSessions: async ({ request }) => ({ status: 200, body: await listReviewSessions(db, requireUser(request)) }),
    createSession: async ({ body, request }) => ({
      status: 201,
      body: await createReviewSession(db, requireUser(request), body.title),
    }),
    deleteSession: async ({ query, request }) => {
      await removeReviewSession(db, requireUser(request), query.session_id);
      return { status: 200, body: { ok: true } };
    },
    messages: async ({ query, request }) => ({
      status: 200,
      body: await listReviewMessages(db, requireUser(request), query.session_id),
    }),
    updateSessionTitle: async ({ body, request }) => ({
      status: 200,
      body: await renameReviewSession(db, requireUser(request), body.session_id, body.title),
    }),
    listSessionFiles: async ({ params, request }) => ({
      status: 200,
      body: await listSessionFiles(db, requireUser(request), params.id),
    }),
    addSessionFiles: async ({ params, body, request }) => ({
      status: 200,
      body: await addSessionFiles(
        context,
        requireUser(request),
        params.id,
        body.paper_ids.map((paper_id) => ({ paper_id, platform: body.platform })),
      ),
    }),
    removeSessionFile: async ({ params, query, request }) => {
      await removeSessionFile(db, requireUser(request), params.id, {
        paper_id: params.fileId,
        platform: query.platform,
      });
      return { status: 204, body: undefined };
    },
    upload: createReviewUploadRoute(context),
    getGraph: async ({ query, request }) => ({
      status: 200,
      body: await getGraph(db, requireUser(request), query.session_id),
    }),
    addGraphNodes: async ({ body, request }) => ({
      status: 200,
      body: await addGraphNodes(context, requireUser(request), body.session_id, body.papers),
    }),
    addGraphEdge: async ({ body, request }) => ({
      status: 200,
      body: await addGraphEdge(db, requireUser(request), {
        sessionId: body.session_id,
        source: body.source,
        target: body.target,
        label: body.label,
      }),
    }),
    deleteGraphEdge: async ({ query, request }) => ({
      status: 200,
      body: await deleteGraphEdge(db, requireUser(request), query.session_id, query.edge_id),
    }),
    completeGraph: async ({ body, request }) => ({
      status: 200,
      body: await completeGraph(db, requireUser(request), body.session_id),
    }),
    acceptProposal: async ({ body, request }) => ({
      status: 200,
      body: await acceptProposal(db, requireUser(request), {
        sessionId: body.session_id,
        proposalId: body.proposal_id,
        label: body.label,
      }),
    }),
    dismissProposal: async ({ body, request }) => ({
      status: 200,
      body: await dismissProposal(db, requireUser(request), body.session_id, body.proposal_id),
    }),
    setTargetPaper: async ({ body, request }) => ({
      status: 200,
      body: await setTargetPaper(db, requireUser(request), body.session_id, body),
    }),
    getTargetPaper: async ({ query, request }) => ({
      status: 200,
      body: { target_paper: await getTargetPaper(db, requireUser(request), query.session_id) },
    }),
    clearTargetPaper: async ({ query, request }) => {
      await clearTargetPaper(db, requireUser(request), query.session_id);
      return { status: 200, body: { ok: true } };
    },
    chatRwg: async ({ body, request, reply }) => {
      // Authenticated and authorized before the stream starts, so refusals keep their status codes.
      const turn = await prepareReviewChat(context, requireUser(request), body);
      const answer = (signal: AbortSignal) => streamChatAnswer(context, turn, signal, request.log);
      return sendEventStream(reply, request.log, answer, CHAT_FAILURE);
    },
  });
};
