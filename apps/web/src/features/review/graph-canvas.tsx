import { paperRefKey, type TGraphNode, type TReviewGraph } from '@paperbench/contract';
import {
  Background,
  Controls,
  type Edge,
  MarkerType,
  ReactFlow,
  ReactFlowProvider,
  useNodesState,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useRef } from 'react';
import { layoutGraph, type TLayoutDirection } from './graph-layout';
import { PaperNode, type TPaperNode } from './paper-node';

const NODE_TYPES = { paper: PaperNode };
/** Fit the papers in view, never enlarged past their real size (a small graph would look zoomed in). */
const FIT_VIEW = { padding: 0.15, maxZoom: 1 };
const ARROW = { type: MarkerType.ArrowClosed, width: 18, height: 18 } as const;

type TGraphCanvasProps = {
  graph: TReviewGraph;
  targetKey: string | null;
  direction: TLayoutDirection;
  /** Bumped by the Auto layout button: every paper is placed afresh. */
  layoutRequest: number;
  selectedEdgeId: number | null;
  onSelectEdge: (edgeId: number | null) => void;
  /** A handle was dragged from one paper to another: the caller asks for the relation. */
  onConnect: (sourceKey: string, targetKey: string) => void;
  onOpen: (paper: TGraphNode) => void;
};

/** The edges as drawn: the user's with their relation, proposals dashed and not selectable (never real until accepted). */
function canvasEdges(graph: TReviewGraph, selectedEdgeId: number | null): Edge[] {
  return [
    ...graph.edges.map((edge) => ({
      id: `e${edge.id}`,
      source: paperRefKey(edge.source),
      target: paperRefKey(edge.target),
      label: edge.label || undefined,
      markerEnd: ARROW,
      selected: edge.id === selectedEdgeId,
      className: 'review-edge',
    })),
    // docs/review.md#graph: a citation found in the reference lists (an arrow, citing → cited) is told
    // apart from word overlap (no direction claimed).
    ...graph.proposals.map((proposal) => ({
      id: `p${proposal.id}`,
      source: paperRefKey(proposal.source),
      target: paperRefKey(proposal.target),
      label:
        proposal.kind === 'cites' ? 'proposed · cites' : `proposed · overlap ${Math.round(proposal.similarity * 100)}%`,
      markerEnd: proposal.kind === 'cites' ? ARROW : undefined,
      selectable: false,
      focusable: false,
      className: `review-edge is-proposal is-${proposal.kind}`,
      style: { strokeDasharray: '6 5' },
    })),
  ];
}

const pairsOf = (edges: TReviewGraph['edges']) =>
  edges.map((edge) => ({ source: paperRefKey(edge.source), target: paperRefKey(edge.target) }));

function Canvas(props: TGraphCanvasProps) {
  const { graph, targetKey, direction, layoutRequest, selectedEdgeId, onSelectEdge, onConnect, onOpen } = props;
  const { fitView } = useReactFlow();
  const [nodes, setNodes, onNodesChange] = useNodesState<TPaperNode>([]);
  const laidOutFor = useRef<string | null>(null);
  const hasDragged = useRef(false);
  const seenLayoutRequest = useRef(layoutRequest);
  if (seenLayoutRequest.current !== layoutRequest) {
    // Auto layout: links added from now on lay the graph out again.
    seenLayoutRequest.current = layoutRequest;
    hasDragged.current = false;
  }
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  // A new paper, a new direction or Auto layout places every paper afresh; so does a new link, until the
  // user has dragged a paper somewhere of their own (Auto layout then takes over again).
  const layoutKey = [
    graph.nodes.map(paperRefKey).join('|'),
    direction,
    layoutRequest,
    hasDragged.current
      ? ''
      : pairsOf(graph.edges)
          .map((pair) => `${pair.source}>${pair.target}`)
          .join('|'),
  ].join('#');

  useEffect(() => {
    const relayout = laidOutFor.current !== layoutKey;
    laidOutFor.current = layoutKey;
    const positions = relayout ? layoutGraph(graph.nodes.map(paperRefKey), pairsOf(graph.edges), direction) : null;
    setNodes((previous) => {
      const byId = new Map(previous.map((node) => [node.id, node]));
      return graph.nodes.map((paper) => {
        const id = paperRefKey(paper);
        const old = byId.get(id);
        return {
          ...old,
          id,
          type: 'paper' as const,
          position: positions?.get(id) ?? old?.position ?? { x: 0, y: 0 },
          data: { paper, isTarget: id === targetKey, direction, onOpen: (p: TGraphNode) => onOpenRef.current(p) },
        };
      });
    });
    if (relayout) requestAnimationFrame(() => void fitView(FIT_VIEW));
  }, [graph, targetKey, direction, layoutKey, setNodes, fitView]);

  const edges = useMemo(() => canvasEdges(graph, selectedEdgeId), [graph, selectedEdgeId]);

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={(changes) => {
        onNodesChange(changes);
        if (!hasDragged.current && changes.some((change) => change.type === 'position' && change.dragging)) {
          hasDragged.current = true;
        }
      }}
      onConnect={(connection) => {
        if (connection.source && connection.target && connection.source !== connection.target) {
          onConnect(connection.source, connection.target);
        }
      }}
      onEdgeClick={(_event, edge) => onSelectEdge(edge.id.startsWith('e') ? Number(edge.id.slice(1)) : null)}
      onPaneClick={() => onSelectEdge(null)}
      onNodeDoubleClick={(_event, node) => onOpenRef.current(node.data.paper)}
      // Deleting goes through the links list (with its request), never a stray Backspace on the canvas.
      deleteKeyCode={null}
      // The page scrolls over the canvas; zoom with the controls, a pinch or Ctrl+wheel.
      zoomOnScroll={false}
      preventScrolling={false}
      minZoom={0.3}
      maxZoom={1.75}
      fitView
      fitViewOptions={FIT_VIEW}
    >
      <Background gap={20} size={1} />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}

/** The editable graph on a canvas (xyflow): drag to link, click a link to change it, Open a paper. */
export function GraphCanvas(props: TGraphCanvasProps) {
  return (
    <section className="review-canvas" aria-label="Graph canvas">
      <ReactFlowProvider>
        <Canvas {...props} />
      </ReactFlowProvider>
    </section>
  );
}
