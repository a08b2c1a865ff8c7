import { paperRefKey, type TGraphEdge, type TGraphNode } from '@paperbench/contract';
import { SmallIconButton } from '../ui/small-icon-button';
import { paperLabel } from './graph-labels';
import { RelationPicker } from './relation-picker';

type TEdgeListProps = {
  edges: readonly TGraphEdge[];
  nodes: readonly TGraphNode[];
  /** The link being changed (chosen here or by a click on the canvas), or null. */
  editingId: number | null;
  isPending: boolean;
  onEdit: (edgeId: number | null) => void;
  onRelabel: (edge: TGraphEdge, label: string) => void;
  onDelete: (edge: TGraphEdge) => void;
};

/** The graph's links as a list: each can be relabelled or deleted from the keyboard. */
export function EdgeList({ edges, nodes, editingId, isPending, onEdit, onRelabel, onDelete }: TEdgeListProps) {
  const names = new Map(nodes.map((node) => [paperRefKey(node), paperLabel(node)]));
  const nameOf = (ref: TGraphEdge['source']) => names.get(paperRefKey(ref)) ?? ref.paper_id;
  if (edges.length === 0) {
    return <p className="review-muted">No links yet: drag from one paper's handle to another, or use the form.</p>;
  }
  return (
    <ul className="review-edge-list" aria-label="Links">
      {edges.map((edge) => {
        const subject = `${nameOf(edge.source)} → ${nameOf(edge.target)}`;
        return (
          <li key={edge.id} className={edge.id === editingId ? 'review-edge-row is-current' : 'review-edge-row'}>
            {edge.id === editingId ? (
              <RelationPicker
                subject={subject}
                initial={edge.label}
                submitLabel="Save"
                isPending={isPending}
                onPick={(label) => onRelabel(edge, label)}
                onCancel={() => onEdit(null)}
              />
            ) : (
              <>
                <span className="review-edge-text">
                  <span className="review-edge-paper">{nameOf(edge.source)}</span>{' '}
                  <span className="review-edge-label">{edge.label || 'relates to'}</span>{' '}
                  <span className="review-edge-paper">{nameOf(edge.target)}</span>
                </span>
                <SmallIconButton
                  label={`Change relation of ${subject}`}
                  icon="pencil"
                  onClick={() => onEdit(edge.id)}
                />
                <SmallIconButton
                  label={`Delete link ${subject}`}
                  icon="trash"
                  disabled={isPending}
                  onClick={() => onDelete(edge)}
                />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
