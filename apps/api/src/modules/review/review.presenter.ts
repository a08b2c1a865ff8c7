import type {
  TEdgeProposal,
  TGraphEdge,
  TGraphNode,
  TReviewFile,
  TReviewGraph,
  TTargetPaper,
} from '@paperbench/contract';
import { publicationYear } from '../../lib/bibliography';
import { resolvePaperUrl } from '../folders/paper-url';
import type { ReviewFileRow } from './review-files.repo';
import type { GraphStatus, ReviewEdgeRow } from './review-graph.repo';

export function presentReviewFile(row: ReviewFileRow): TReviewFile {
  return {
    paper_id: row.paperId,
    platform: row.platform,
    session_id: row.sessionId,
    // The paper's title, for uploads too (as folder files show it).
    filename: row.title,
    paper_URL: resolvePaperUrl(row),
  };
}

export function presentNode(row: ReviewFileRow): TGraphNode {
  return {
    paper_id: row.paperId,
    platform: row.platform,
    title: row.title,
    authors: row.authors,
    // An upload's requirements §9 default date says nothing: null, not 1900.
    year: publicationYear(row.publishedDate),
  };
}

const sourceOf = (row: ReviewEdgeRow) => ({ paper_id: row.sourcePaperId, platform: row.sourcePlatform });
const targetOf = (row: ReviewEdgeRow) => ({ paper_id: row.targetPaperId, platform: row.targetPlatform });

function presentEdge(row: ReviewEdgeRow): TGraphEdge {
  return { id: row.id, source: sourceOf(row), target: targetOf(row), label: row.label };
}

function presentProposal(row: ReviewEdgeRow): TEdgeProposal {
  return {
    id: row.id,
    source: sourceOf(row),
    target: targetOf(row),
    similarity: Math.min(1, Math.max(0, row.similarity ?? 0)),
    shared_terms: row.sharedTerms ?? [],
    // docs/review.md#graph: citation links are proposed first; older rows (label '') were word overlap.
    kind: row.label === 'cites' ? 'cites' : 'overlap',
    label: row.label === 'cites' ? 'cites' : 'overlap',
  };
}

/** The graph as every graph route answers it: dismissed rows stay in the table only (docs/review.md#graph). */
export function presentGraph(
  sessionId: number,
  status: GraphStatus,
  files: readonly ReviewFileRow[],
  edges: readonly ReviewEdgeRow[],
): TReviewGraph {
  return {
    session_id: sessionId,
    nodes: files.map(presentNode),
    edges: edges.filter((edge) => edge.state === 'accepted').map(presentEdge),
    status,
    proposals: edges.filter((edge) => edge.state === 'proposed').map(presentProposal),
  };
}

export function presentTarget(
  sessionId: number,
  row: { targetPlatform: string | null; targetPaperId: string | null },
): TTargetPaper | null {
  if (row.targetPlatform === null || row.targetPaperId === null) return null;
  return { session_id: sessionId, paper_id: row.targetPaperId, platform: row.targetPlatform };
}
