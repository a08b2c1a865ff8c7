import { paperRefKey, type TEdgeProposal, type TGraphNode } from '@paperbench/contract';
import { useState } from 'react';
import { paperLabel, RELATION_SUGGESTIONS } from './graph-labels';

type TProposalsListProps = {
  proposals: readonly TEdgeProposal[];
  nodes: readonly TGraphNode[];
  isPending: boolean;
  onAccept: (proposal: TEdgeProposal, label: string) => void;
  onDismiss: (proposal: TEdgeProposal) => void;
};

function ProposalRow({
  proposal,
  subject,
  isPending,
  onAccept,
  onDismiss,
}: { proposal: TEdgeProposal; subject: string } & Omit<TProposalsListProps, 'proposals' | 'nodes'>) {
  const cites = proposal.kind === 'cites';
  const [label, setLabel] = useState<string>(cites ? 'cites' : RELATION_SUGGESTIONS[1]);
  return (
    <li className="review-proposal" data-kind={proposal.kind}>
      <p className="review-proposal-pair">{subject}</p>
      {/* docs/review.md#graph: a citation found in the reference list, or only shared words. */}
      <p className="review-proposal-evidence">
        {cites ? (
          <>Cites: found in the first paper's reference list</>
        ) : (
          <>
            Word overlap: similarity {Math.round(proposal.similarity * 100)}%
            {proposal.shared_terms.length > 0 && <> · shared terms: {proposal.shared_terms.join(', ')}</>}
          </>
        )}
      </p>
      <div className="review-proposal-actions">
        <label className="review-field review-field-inline">
          <span>Relation</span>
          <select value={label} onChange={(event) => setLabel(event.target.value)}>
            {cites && <option value="cites">cites</option>}
            {RELATION_SUGGESTIONS.map((suggestion) => (
              <option key={suggestion} value={suggestion}>
                {suggestion}
              </option>
            ))}
            <option value="">no label</option>
          </select>
        </label>
        <button
          type="button"
          className="button button-primary button-small"
          aria-label={`Accept link ${subject}`}
          disabled={isPending}
          onClick={() => onAccept(proposal, label)}
        >
          Accept
        </button>
        <button
          type="button"
          className="button button-small"
          aria-label={`Dismiss link ${subject}`}
          disabled={isPending}
          onClick={() => onDismiss(proposal)}
        >
          Dismiss
        </button>
      </div>
    </li>
  );
}

/**
 * Links proposed when the graph was marked complete (similar, unlinked papers): each waits for Accept
 * or Dismiss and is only dashed on the canvas until then (issue: never added silently).
 */
export function ProposalsList({ proposals, nodes, ...actions }: TProposalsListProps) {
  const names = new Map(nodes.map((node) => [paperRefKey(node), paperLabel(node)]));
  return (
    <section className="review-proposals" aria-labelledby="review-proposals-title">
      <h3 id="review-proposals-title">Proposed links</h3>
      <ul>
        {proposals.map((proposal) => (
          <ProposalRow
            key={proposal.id}
            proposal={proposal}
            subject={`${names.get(paperRefKey(proposal.source)) ?? proposal.source.paper_id} ${proposal.kind === 'cites' ? '→' : '↔'} ${names.get(paperRefKey(proposal.target)) ?? proposal.target.paper_id}`}
            {...actions}
          />
        ))}
      </ul>
    </section>
  );
}
