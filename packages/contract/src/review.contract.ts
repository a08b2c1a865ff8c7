import { z } from 'zod';
import {
  ZChatMessage,
  ZChatSessionSummary,
  ZCreateSessionRequest,
  ZSessionQuery,
  ZUpdateSessionTitleRequest,
} from './chat.schemas';
import { c, ZError, ZEventStream, ZOk, ZPaperId, ZPlatformQuery, ZRowId } from './common';
import {
  type TReviewUploadBody,
  ZAcceptProposalRequest,
  ZAddGraphEdgeRequest,
  ZAddGraphNodesRequest,
  ZAddReviewFilesRequest,
  ZCompleteGraphRequest,
  ZDeleteGraphEdgeQuery,
  ZDismissProposalRequest,
  ZGraphQuery,
  ZReviewChatRequest,
  ZReviewDraftQuery,
  ZReviewDraftResponse,
  ZReviewExportQuery,
  ZReviewFile,
  ZReviewGraph,
  ZReviewSession,
  ZReviewWriteRequest,
  ZSetTargetPaperRequest,
  ZTargetPaper,
  ZTargetPaperResponse,
} from './review.schemas';

const ZSessionParams = z.object({ id: ZRowId });

export const reviewContract = c.router({
  chatRwg: {
    method: 'POST',
    path: '/api/review/chat_rwg',
    body: ZReviewChatRequest,
    responses: { 200: ZEventStream },
    summary: 'Related-work generation chat over the selected papers (streamed ZStreamEvent)',
  },
  streamRws: {
    method: 'POST',
    path: '/api/review/stream_rws',
    body: ZReviewWriteRequest,
    responses: { 200: ZEventStream, 409: ZError },
    summary: "Write the review from the session's graph and files (streamed ZStreamEvent)",
    description:
      "A related-work section citing only the session's papers (docs/review.md#writing): outline, section and " +
      "references events, then done with the stored draft's id. 404 for a session that is not the caller's review " +
      'session; 409 when it has no paper.',
  },
  latestDraft: {
    method: 'GET',
    path: '/api/review/draft',
    query: ZReviewDraftQuery,
    responses: { 200: ZReviewDraftResponse },
    summary: "The session's latest related-work draft, or null before the first one",
    description:
      'What stream_rws streamed, stored (docs/review.md#writing): a reopened session shows its last draft. 404 when ' +
      "the session is not the caller's review session.",
  },
  exportDraft: {
    method: 'GET',
    path: '/api/review/export',
    query: ZReviewExportQuery,
    responses: { 200: c.otherResponse({ contentType: 'text/plain', body: z.string() }) },
    summary: "The session's latest related-work draft as a Markdown, LaTeX or BibTeX download",
    description: "404 when the session is not the caller's review session or has no draft yet (docs/review.md#export).",
  },
  listSessions: {
    method: 'GET',
    path: '/api/review/sessions',
    responses: { 200: z.array(ZChatSessionSummary) },
    summary: 'Review sessions, most recently updated first',
  },
  createSession: {
    method: 'POST',
    path: '/api/review/sessions',
    body: ZCreateSessionRequest,
    responses: { 201: ZReviewSession },
    summary: 'Start a review-writing session',
  },
  deleteSession: {
    method: 'DELETE',
    path: '/api/review/sessions',
    query: ZSessionQuery,
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: 'Delete a review session with its messages, files, graph and target paper',
  },
  messages: {
    method: 'GET',
    path: '/api/review/messages',
    query: ZSessionQuery,
    responses: { 200: z.array(ZChatMessage) },
    summary: 'Messages of a review session, oldest first',
  },
  updateSessionTitle: {
    method: 'POST',
    path: '/api/review/update_session_title',
    body: ZUpdateSessionTitleRequest,
    responses: { 200: ZChatSessionSummary },
    summary: 'Rename a review session',
  },
  getGraph: {
    method: 'GET',
    path: '/api/review/graph',
    query: ZGraphQuery,
    responses: { 200: ZReviewGraph },
    summary: "A session's paper graph",
  },
  addGraphNodes: {
    method: 'POST',
    path: '/api/review/graph/nodes',
    body: ZAddGraphNodesRequest,
    // docs/review.md#sessions-files-and-target-paper: 409 past the per-session file cap.
    responses: { 200: ZReviewGraph, 409: ZError },
    summary: 'Add papers to the graph (papers already there are skipped); returns the graph',
    description: 'Same checks as add_files: every paper must be readable by the caller (404 otherwise, nothing added).',
  },
  addGraphEdge: {
    method: 'POST',
    path: '/api/review/graph/edges',
    body: ZAddGraphEdgeRequest,
    responses: { 200: ZReviewGraph, 409: ZError },
    summary: 'Link two papers of the graph; returns the graph',
    description:
      'Both ends must be nodes of the session (409 otherwise); a self-loop is 400. Drawing a pair that is ' +
      'already linked the same way replaces its label; a pending proposal for the pair is accepted with it.',
  },
  deleteGraphEdge: {
    method: 'DELETE',
    path: '/api/review/graph/edges',
    query: ZDeleteGraphEdgeQuery,
    body: c.noBody(),
    responses: { 200: ZReviewGraph },
    summary: 'Remove an edge; returns the graph',
  },
  completeGraph: {
    method: 'POST',
    path: '/api/review/graph/complete',
    body: ZCompleteGraphRequest,
    responses: { 200: ZReviewGraph },
    summary: 'Mark the graph complete (requirements §4) and propose edges between similar, unlinked papers',
  },
  acceptProposal: {
    method: 'POST',
    path: '/api/review/graph/proposals/accept',
    body: ZAcceptProposalRequest,
    responses: { 200: ZReviewGraph },
    summary: 'Turn a proposed edge into an edge (with an optional label); returns the graph',
  },
  dismissProposal: {
    method: 'POST',
    path: '/api/review/graph/proposals/dismiss',
    body: ZDismissProposalRequest,
    responses: { 200: ZReviewGraph },
    summary: 'Dismiss a proposed edge (the pair is not proposed again); returns the graph',
  },
  upload: {
    method: 'POST',
    path: '/api/review/upload',
    contentType: 'multipart/form-data',
    body: c.type<TReviewUploadBody>(),
    responses: { 201: ZReviewFile, 409: ZError },
    summary: 'Upload a PDF into a review session',
    description: 'Multipart parts: file (a PDF, checked by content) and session_id (validated with ZReviewUploadForm).',
  },
  listSessionFiles: {
    method: 'GET',
    path: '/api/review/sessions/:id/files',
    pathParams: ZSessionParams,
    responses: { 200: z.array(ZReviewFile) },
    summary: 'Papers attached to a review session',
  },
  removeSessionFile: {
    method: 'DELETE',
    path: '/api/review/sessions/:id/files/:fileId',
    pathParams: z.object({ id: ZRowId, fileId: ZPaperId }),
    query: ZPlatformQuery,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Detach a paper from a review session (204, like folder files)',
    description:
      "fileId is the paper id, URL-encoded. The paper's edges and proposals go with it; the target paper is " +
      'kept (it need not be a node).',
  },
  addSessionFiles: {
    method: 'POST',
    path: '/api/review/sessions/:id/add_files',
    pathParams: ZSessionParams,
    body: ZAddReviewFilesRequest,
    responses: { 200: z.array(ZReviewFile), 409: ZError },
    summary: 'Attach papers to a review session; returns all its files',
    description:
      'All or nothing: a paper that does not exist or that the caller may not read is 404 and nothing is added. ' +
      'Papers already attached are skipped. 409 past the per-session file cap.',
  },
  setTargetPaper: {
    method: 'POST',
    path: '/api/review/target_paper',
    body: ZSetTargetPaperRequest,
    responses: { 200: ZTargetPaper },
    summary: 'Choose the paper the review is about (replaces any earlier choice)',
    description:
      'Any paper the caller may read (often their own upload); it need not be a node of the graph. 404 otherwise.',
  },
  getTargetPaper: {
    method: 'GET',
    path: '/api/review/target_paper',
    query: ZSessionQuery,
    responses: { 200: ZTargetPaperResponse },
    summary: "A session's target paper, or null",
  },
  clearTargetPaper: {
    method: 'DELETE',
    path: '/api/review/target_paper',
    query: ZSessionQuery,
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: "Clear a session's target paper",
  },
});
