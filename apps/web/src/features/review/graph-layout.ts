import { Graph, layout } from '@dagrejs/dagre';

/** The size a paper node is laid out with (the node's CSS keeps to it). */
export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 92;

export type TLayoutDirection = 'LR' | 'TB';
export type TPoint = { x: number; y: number };

/**
 * The automatic layout of a review graph (dagre, layered): each edge points forward in `direction`,
 * papers without edges take their own places rather than piling up. Returns each node's top-left
 * corner, as xyflow places nodes; the same input always gives the same positions.
 */
export function layoutGraph(
  nodeIds: readonly string[],
  edges: readonly { source: string; target: string }[],
  direction: TLayoutDirection = 'LR',
): Map<string, TPoint> {
  const graph = new Graph({ multigraph: false });
  graph.setGraph({ rankdir: direction, nodesep: 36, ranksep: 140, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const id of nodeIds) graph.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  const known = new Set(nodeIds);
  for (const edge of edges) {
    // An edge to a paper that is not (or no longer) a node has nowhere to go.
    if (known.has(edge.source) && known.has(edge.target) && edge.source !== edge.target) {
      graph.setEdge(edge.source, edge.target);
    }
  }
  layout(graph);
  const positions = new Map<string, TPoint>();
  for (const id of nodeIds) {
    const { x, y } = graph.node(id);
    positions.set(id, { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 });
  }
  return positions;
}
