import { paperRefKey, type TGraphNode, type TReviewFile, type TReviewGraph } from '@paperbench/contract';
import { useEffect, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import {
  useAcceptProposalMutation,
  useAddEdgeMutation,
  useCompleteGraphMutation,
  useDeleteEdgeMutation,
  useDismissProposalMutation,
  useReviewGraphQuery,
} from './api';
import { EdgeForm } from './edge-form';
import { EdgeList } from './edge-list';
import { GraphCanvas } from './graph-canvas';
import { paperLabel } from './graph-labels';
import type { TLayoutDirection } from './graph-layout';
import { ProposalsList } from './proposals-list';
import { RelationPicker } from './relation-picker';
import { useOpenPaper } from './use-open-paper';

const NARROW = '(max-width: 640px)';

/** Top to bottom on a phone, where a left-to-right chain would not fit. */
function useLayoutDirection(): TLayoutDirection {
  const [isNarrow, setIsNarrow] = useState(() => window.matchMedia?.(NARROW).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return;
    const update = () => setIsNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return isNarrow ? 'TB' : 'LR';
}

type TGraphPaneProps = { sessionId: number; files: readonly TReviewFile[] | undefined; targetKey: string | null };

/**
 * docs/review.md#graph: the session's papers as nodes, the user's links between them as labelled edges,
 * laid out automatically; Mark complete asks for proposed links, which wait for Accept or Dismiss.
 */
export function GraphPane({ sessionId, files, targetKey }: TGraphPaneProps) {
  const graph = useReviewGraphQuery(sessionId);
  const addEdge = useAddEdgeMutation(sessionId);
  const deleteEdge = useDeleteEdgeMutation(sessionId);
  const complete = useCompleteGraphMutation(sessionId);
  const accept = useAcceptProposalMutation(sessionId);
  const dismiss = useDismissProposalMutation(sessionId);
  const openPaper = useOpenPaper(files);
  const direction = useLayoutDirection();
  const [layoutRequest, setLayoutRequest] = useState(0);
  const [editingEdgeId, setEditingEdgeId] = useState<number | null>(null);
  const [pendingLink, setPendingLink] = useState<{ source: TGraphNode; target: TGraphNode } | null>(null);
  const failure = addEdge.error ?? deleteEdge.error ?? complete.error ?? accept.error ?? dismiss.error ?? graph.error;
  const isWriting = addEdge.isPending || deleteEdge.isPending || accept.isPending || dismiss.isPending;

  if (!graph.data) {
    return graph.error ? (
      <p role="alert">{parseApiError(graph.error).message}</p>
    ) : (
      <p className="review-muted">Loading the graph…</p>
    );
  }
  const { nodes, proposals, status } = graph.data;
  const byKey = new Map(nodes.map((node) => [paperRefKey(node), node]));

  return (
    <div className="review-graph">
      <GraphToolbar graph={graph.data} complete={complete} onAutoLayout={() => setLayoutRequest((n) => n + 1)} />
      {failure && (
        <p className="review-error" role="alert">
          {parseApiError(failure).message}
        </p>
      )}
      {nodes.length === 0 ? (
        <p className="review-empty">Add papers in the Papers tab: each becomes a node of the graph.</p>
      ) : (
        <GraphCanvas
          graph={graph.data}
          targetKey={targetKey}
          direction={direction}
          layoutRequest={layoutRequest}
          selectedEdgeId={editingEdgeId}
          onSelectEdge={setEditingEdgeId}
          onConnect={(sourceKey, targetKeyOfLink) => {
            const source = byKey.get(sourceKey);
            const target = byKey.get(targetKeyOfLink);
            if (source && target) setPendingLink({ source, target });
          }}
          onOpen={openPaper}
        />
      )}
      {pendingLink && (
        <RelationPicker
          subject={`${paperLabel(pendingLink.source)} → ${paperLabel(pendingLink.target)}`}
          submitLabel="Add link"
          isPending={addEdge.isPending}
          onCancel={() => setPendingLink(null)}
          onPick={(label) =>
            addEdge.mutate(
              { source: pendingLink.source, target: pendingLink.target, label },
              { onSuccess: () => setPendingLink(null) },
            )
          }
        />
      )}
      {status === 'complete' && proposals.length === 0 && !complete.isPending && (
        <p className="review-muted" role="status">
          No further links proposed: no unlinked papers are similar enough.
        </p>
      )}
      {proposals.length > 0 && (
        <ProposalsList
          proposals={proposals}
          nodes={nodes}
          isPending={isWriting}
          onAccept={(proposal, label) => accept.mutate({ proposalId: proposal.id, label })}
          onDismiss={(proposal) => dismiss.mutate(proposal.id)}
        />
      )}
      <GraphSide
        graph={graph.data}
        editingEdgeId={editingEdgeId}
        onEditEdge={setEditingEdgeId}
        isWriting={isWriting}
        addEdge={addEdge}
        deleteEdge={deleteEdge}
      />
    </div>
  );
}

/** How far the graph is, and what can be asked of it: a fresh layout, proposed links. */
function GraphToolbar({
  graph: { nodes, edges, status },
  complete,
  onAutoLayout,
}: {
  graph: TReviewGraph;
  complete: ReturnType<typeof useCompleteGraphMutation>;
  onAutoLayout: () => void;
}) {
  return (
    <div className="review-toolbar">
      <p className="review-graph-status">
        {nodes.length} papers · {edges.length} links · {status === 'complete' ? 'Complete' : 'Draft'}
      </p>
      <button type="button" className="button button-small" disabled={nodes.length === 0} onClick={onAutoLayout}>
        Auto layout
      </button>
      <button
        type="button"
        className="button button-accent-soft button-small"
        disabled={nodes.length < 2 || complete.isPending}
        onClick={() => complete.mutate()}
      >
        {status === 'complete' ? 'Look for links again' : 'Mark complete'}
      </button>
    </div>
  );
}

/** The links as a list (edit a label, delete) and a form linking two papers, beside the canvas. */
function GraphSide({
  graph: { nodes, edges },
  editingEdgeId,
  onEditEdge,
  isWriting,
  addEdge,
  deleteEdge,
}: {
  graph: TReviewGraph;
  editingEdgeId: number | null;
  onEditEdge: (edgeId: number | null) => void;
  isWriting: boolean;
  addEdge: ReturnType<typeof useAddEdgeMutation>;
  deleteEdge: ReturnType<typeof useDeleteEdgeMutation>;
}) {
  return (
    <div className="review-graph-side">
      <section aria-labelledby="review-links-title">
        <h3 id="review-links-title">Links</h3>
        <EdgeList
          edges={edges}
          nodes={nodes}
          editingId={editingEdgeId}
          isPending={isWriting}
          onEdit={onEditEdge}
          onRelabel={(edge, label) =>
            addEdge.mutate({ source: edge.source, target: edge.target, label }, { onSuccess: () => onEditEdge(null) })
          }
          onDelete={(edge) => deleteEdge.mutate(edge.id)}
        />
      </section>
      <section aria-labelledby="review-link-form-title">
        <h3 id="review-link-form-title">Link two papers</h3>
        <EdgeForm
          nodes={nodes}
          edges={edges}
          isPending={addEdge.isPending}
          onAdd={(edge) => addEdge.mutateAsync(edge)}
        />
      </section>
    </div>
  );
}
