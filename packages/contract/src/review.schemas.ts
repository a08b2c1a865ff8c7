import { z } from 'zod';
import { ZChatMessage, ZChatMessageText, ZChatSessionSummary } from './chat.schemas';
import { ZAnswerSource, ZPaperId, ZPlatform, ZRowId, ZTimestamp, zText } from './common';
import { ZFileSelection } from './folder.schemas';
import { ZPaperRef } from './paper.schemas';
import { ZCitationCheck, ZReviewOutlineSection, ZReviewReference, ZReviewSectionText } from './stream.schemas';

/** requirements §4: a review graph can be completed; until then it is a draft. */
export const GRAPH_STATUSES = ['draft', 'complete'] as const;

/** A paper attached to a review session. */
export const ZReviewFile = ZPaperRef.extend({
  platform: ZPlatform,
  session_id: ZRowId,
  filename: zText(),
  /** https PDF link, or null when the paper has none. */
  paper_URL: zText().nullable(),
});
export type TReviewFile = z.infer<typeof ZReviewFile>;

/** A graph node: one paper of the session (a session's files are its graph's nodes, docs/review.md#graph). */
export const ZGraphNode = ZPaperRef.extend({
  platform: ZPlatform,
  title: zText(),
  /** Author names in order; [] when unknown. */
  authors: z.array(zText()),
  /** Publication year, or null when unknown. */
  year: z.number().int().nullable(),
});
export type TGraphNode = z.infer<typeof ZGraphNode>;

/** A directed edge between two papers of the graph, e.g. 'extends', 'contradicts'. */
export const ZGraphEdge = z.object({
  id: ZRowId,
  source: ZPaperRef,
  target: ZPaperRef,
  /** Free-text relation; empty when none was given. */
  label: zText(),
});
export type TGraphEdge = z.infer<typeof ZGraphEdge>;

/**
 * An edge suggested when the graph is completed (docs/review.md#graph): first the citations between
 * the graph's papers (kind 'cites': source's reference list resolves to target), then two papers whose
 * text is similar (kind 'overlap', tf-idf cosine), not yet linked. Never an edge until the user accepts it.
 */
export const ZEdgeProposal = z.object({
  id: ZRowId,
  source: ZPaperRef,
  target: ZPaperRef,
  /** Why it is proposed: a citation found in the papers' references, or word overlap. */
  kind: z.enum(['cites', 'overlap']),
  /** The label it is shown with: 'cites' or 'overlap'. */
  label: zText(),
  /** Cosine similarity of the two papers' tf-idf vectors, 0-1 (1 for a citation). */
  similarity: z.number().min(0).max(1),
  /** The terms that weigh most in both papers, the proposal's evidence. */
  shared_terms: z.array(zText()),
});
export type TEdgeProposal = z.infer<typeof ZEdgeProposal>;

/** A review session's graph of papers (nodes) and their relations (edges). */
export const ZReviewGraph = z.object({
  session_id: ZRowId,
  nodes: z.array(ZGraphNode),
  /** The user's edges (drawn or accepted proposals). */
  edges: z.array(ZGraphEdge),
  status: z.enum(GRAPH_STATUSES),
  /** Proposed edges waiting for the user to accept or dismiss them. */
  proposals: z.array(ZEdgeProposal),
});
export type TReviewGraph = z.infer<typeof ZReviewGraph>;

/** The paper a review is written about. */
export const ZTargetPaper = z.object({ session_id: ZRowId, paper_id: ZPaperId, platform: ZPlatform });
export type TTargetPaper = z.infer<typeof ZTargetPaper>;

/** requirements §3 Review-writing session. */
export const ZReviewSession = ZChatSessionSummary.extend({
  messages: z.array(ZChatMessage),
  files: z.array(ZReviewFile),
  graph: ZReviewGraph,
  /** Null until a target paper is chosen. */
  target_paper: ZTargetPaper.nullable(),
});
export type TReviewSession = z.infer<typeof ZReviewSession>;

/** POST /api/review/chat_rwg: related-work generation over the chosen papers (streamed). */
export const ZReviewChatRequest = z.object({
  /** Omitted: a new review session is created and announced as the stream's first event. */
  session_id: ZRowId.optional(),
  message: ZChatMessageText,
  selected_files: ZFileSelection.min(1, 'select at least one paper'),
});

/** POST /api/review/stream_rws: write the review section of a session from its graph and files (streamed). */
export const ZReviewWriteRequest = z.object({
  session_id: ZRowId,
  /** Extra instructions (tone, length, focus). */
  instructions: zText().trim().max(5000).optional(),
});
export type TReviewWriteRequest = z.infer<typeof ZReviewWriteRequest>;

/** The files a review draft exports to (docs/review.md#export). */
export const REVIEW_EXPORT_FORMATS = ['markdown', 'latex', 'bibtex'] as const;

/** GET /api/review/export: the session's latest draft in one format. */
export const ZReviewExportQuery = z.object({ session_id: ZRowId, format: z.enum(REVIEW_EXPORT_FORMATS) });

/**
 * A stored related-work draft (docs/review.md#writing), as stream_rws streamed it: its outline, checked
 * sections (the closing paragraph last), references and the checker's verdict, so a reopened session
 * shows it exactly as a freshly written one.
 */
export const ZSavedReviewDraft = z.object({
  /** The draft's id (the stream's `done.message_id`). */
  id: ZRowId,
  source: ZAnswerSource,
  instructions: z.string().nullable(),
  outline: z.array(ZReviewOutlineSection),
  /** The closing paragraph's title (a target paper was set), or null. */
  closing: z.string().nullable(),
  sections: z.array(ZReviewSectionText),
  references: z.array(ZReviewReference),
  citations: ZCitationCheck,
  /** Nothing at all could be cited (as the stream's `done.abstained`). */
  abstained: z.boolean(),
  created_at: ZTimestamp,
});
export type TSavedReviewDraft = z.infer<typeof ZSavedReviewDraft>;

/** GET /api/review/draft?session_id: the session's latest draft, null before the first one. */
export const ZReviewDraftQuery = z.object({ session_id: ZRowId });
export const ZReviewDraftResponse = z.object({ draft: ZSavedReviewDraft.nullable() });

export const ZGraphQuery = z.object({ session_id: ZRowId });

export const ZAddGraphNodesRequest = z.object({
  session_id: ZRowId,
  papers: z.array(ZPaperRef).min(1).max(200),
});

export const ZAddGraphEdgeRequest = z.object({
  session_id: ZRowId,
  source: ZPaperRef,
  target: ZPaperRef,
  label: zText().trim().max(200).default(''),
});

/** DELETE /api/review/graph/edges?session_id&edge_id (query, not body: DELETE bodies get lost in proxies). */
export const ZDeleteGraphEdgeQuery = z.object({ session_id: ZRowId, edge_id: ZRowId });

export const ZCompleteGraphRequest = z.object({ session_id: ZRowId });

/** POST /api/review/graph/proposals/accept: the proposal becomes an edge, with `label` when given. */
export const ZAcceptProposalRequest = z.object({
  session_id: ZRowId,
  proposal_id: ZRowId,
  label: zText().trim().max(200).default(''),
});

/** POST /api/review/graph/proposals/dismiss: the pair is not proposed again. */
export const ZDismissProposalRequest = z.object({ session_id: ZRowId, proposal_id: ZRowId });

/** Text parts of the multipart body of POST /api/review/upload (the `file` part is a PDF). */
export const ZReviewUploadForm = z.object({ session_id: ZRowId });

/** The multipart body as the typed client sends it. */
export type TReviewUploadBody = { file: Blob; session_id: number | string };

/** POST /api/review/sessions/{id}/add_files: paper ids of one platform. */
export const ZAddReviewFilesRequest = z.object({
  paper_ids: z.array(ZPaperId).min(1).max(200),
  platform: ZPaperRef.shape.platform,
});

export const ZSetTargetPaperRequest = ZTargetPaper.extend({ platform: ZPaperRef.shape.platform });

/**
 * The target paper as GET shows it: with its title, authors and year, since it need not be a node of the
 * graph (whose nodes carry them) and the Papers tab names it all the same.
 */
export const ZTargetPaperDetails = ZTargetPaper.extend({
  title: zText(),
  /** Author names in order; [] when unknown. */
  authors: z.array(zText()),
  /** Publication year, or null when unknown (an upload's default date is none). */
  year: z.number().int().nullable(),
});
export type TTargetPaperDetails = z.infer<typeof ZTargetPaperDetails>;

/** GET /api/review/target_paper: null when none is set. */
export const ZTargetPaperResponse = z.object({ target_paper: ZTargetPaperDetails.nullable() });
