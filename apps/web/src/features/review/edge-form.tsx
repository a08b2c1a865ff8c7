import { paperRefKey, type TGraphEdge, type TGraphNode, type TPaperRef } from '@paperbench/contract';
import { useId, useState } from 'react';
import { paperLabel, RELATION_MAX_LENGTH, RELATION_SUGGESTIONS } from './graph-labels';

export type TEdgeInput = { source: TPaperRef; target: TPaperRef; label: string };

/** Why the form cannot be sent yet, or null when it can. */
export function edgeFormProblem(sourceKey: string, targetKey: string, label: string): string | null {
  if (!sourceKey || !targetKey) return 'Choose both papers.';
  if (sourceKey === targetKey) return 'Choose two different papers.';
  if (label.trim().length > RELATION_MAX_LENGTH) return `A relation has at most ${RELATION_MAX_LENGTH} characters.`;
  return null;
}

/** One end of the link: a paper of the graph, by its key. */
function PaperSelect({
  label,
  nodes,
  value,
  onChange,
}: {
  label: string;
  nodes: readonly TGraphNode[];
  value: string;
  onChange: (key: string) => void;
}) {
  return (
    <label className="review-field">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose a paper…</option>
        {nodes.map((node) => (
          <option key={paperRefKey(node)} value={paperRefKey(node)}>
            {paperLabel(node)}
          </option>
        ))}
      </select>
    </label>
  );
}

type TEdgeFormProps = {
  nodes: readonly TGraphNode[];
  edges: readonly TGraphEdge[];
  isPending: boolean;
  onAdd: (edge: TEdgeInput) => Promise<unknown>;
};

/**
 * Link two papers without the canvas (source, relation, target): what makes the graph usable from the
 * keyboard and with a screen reader. A pair already linked that way gets the new relation.
 */
export function EdgeForm({ nodes, edges, isPending, onAdd }: TEdgeFormProps) {
  const id = useId();
  const [sourceKey, setSourceKey] = useState('');
  const [targetKey, setTargetKey] = useState('');
  const [label, setLabel] = useState<string>(RELATION_SUGGESTIONS[0]);
  const [problem, setProblem] = useState<string | null>(null);
  const byKey = new Map(nodes.map((node) => [paperRefKey(node), node]));
  const existing = edges.find(
    (edge) => paperRefKey(edge.source) === sourceKey && paperRefKey(edge.target) === targetKey,
  );

  const submit = async () => {
    const source = byKey.get(sourceKey);
    const target = byKey.get(targetKey);
    const why = edgeFormProblem(source ? sourceKey : '', target ? targetKey : '', label);
    setProblem(why);
    if (why || !source || !target) return;
    await onAdd({
      source: { paper_id: source.paper_id, platform: source.platform },
      target: { paper_id: target.paper_id, platform: target.platform },
      label: label.trim(),
    });
    // Ready for the next link; a paper chosen while this one was being saved stays chosen.
    setSourceKey((current) => (current === sourceKey ? '' : current));
    setTargetKey((current) => (current === targetKey ? '' : current));
  };

  return (
    <form
      className="review-edge-form"
      aria-label="Link two papers"
      onSubmit={(event) => {
        event.preventDefault();
        void submit().catch(() => {});
      }}
    >
      <PaperSelect label="Source paper" nodes={nodes} value={sourceKey} onChange={setSourceKey} />
      <label className="review-field">
        <span>Relation</span>
        <input
          list={`${id}-relations`}
          value={label}
          maxLength={RELATION_MAX_LENGTH}
          onChange={(event) => setLabel(event.target.value)}
        />
        <datalist id={`${id}-relations`}>
          {RELATION_SUGGESTIONS.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      </label>
      <PaperSelect label="Target paper" nodes={nodes} value={targetKey} onChange={setTargetKey} />
      <button type="submit" className="button button-primary" disabled={isPending || nodes.length < 2}>
        {existing ? 'Change relation' : 'Add link'}
      </button>
      {problem && (
        <p className="review-form-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
