import { z } from 'zod';
import { ZChatMessage, ZChatMessageText, ZChatSessionSummary } from './chat.schemas';
import { ZPaperId, ZPlatform, ZRowId, zText } from './common';
import { ZFileSelection } from './folder.schemas';
import { ZPaperRef } from './paper.schemas';

/** spec §4: a review graph can be completed; until then it is a draft. */
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

/** A graph node: one paper. */
export const ZGraphNode = ZPaperRef.extend({ platform: ZPlatform, title: zText() });

/** A directed edge between two papers of the graph, e.g. 'extends', 'contradicts'. */
export const ZGraphEdge = z.object({
  id: ZRowId,
  source: ZPaperRef,
  target: ZPaperRef,
  /** Free-text relation; empty when none was given. */
  label: zText(),
});

/** A review session's graph of papers (nodes) and their relations (edges). */
export const ZReviewGraph = z.object({
  session_id: ZRowId,
  nodes: z.array(ZGraphNode),
  edges: z.array(ZGraphEdge),
  status: z.enum(GRAPH_STATUSES),
});
export type TReviewGraph = z.infer<typeof ZReviewGraph>;

/** The paper a review is written about. */
export const ZTargetPaper = z.object({ session_id: ZRowId, paper_id: ZPaperId, platform: ZPlatform });
export type TTargetPaper = z.infer<typeof ZTargetPaper>;

/** spec §3 Review-writing session. */
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

/** GET /api/review/target_paper: null when none is set. */
export const ZTargetPaperResponse = z.object({ target_paper: ZTargetPaper.nullable() });
