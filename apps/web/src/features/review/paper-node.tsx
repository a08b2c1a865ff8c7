import type { TGraphNode } from '@paperbench/contract';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { shortTitle } from './graph-labels';

export type TPaperNodeData = {
  paper: TGraphNode;
  isTarget: boolean;
  direction: 'LR' | 'TB';
  onOpen: (paper: TGraphNode) => void;
};
export type TPaperNode = Node<TPaperNodeData, 'paper'>;

/**
 * A paper on the canvas: short title and year; drag from its right (or bottom) handle to another
 * paper to link them; Open (or a double-click) opens it in the viewer.
 */
export function PaperNode({ data, selected }: NodeProps<TPaperNode>) {
  const { paper, isTarget, direction, onOpen } = data;
  const authors = paper.authors.length > 1 ? `${paper.authors[0]} et al.` : paper.authors[0];
  return (
    <div className={`review-node${selected ? ' is-selected' : ''}${isTarget ? ' is-target' : ''}`} title={paper.title}>
      <Handle type="target" position={direction === 'LR' ? Position.Left : Position.Top} />
      <span className="review-node-title">{shortTitle(paper.title)}</span>
      <span className="review-node-meta">
        {[authors, paper.year].filter(Boolean).join(' · ') ||
          (paper.platform === 'upload' ? 'Uploaded PDF' : paper.platform)}
        {isTarget && <span className="review-node-badge">Target</span>}
      </span>
      <button
        type="button"
        className="review-node-open nodrag"
        aria-label={`Open ${paper.title}`}
        onClick={() => onOpen(paper)}
      >
        Open
      </button>
      <Handle type="source" position={direction === 'LR' ? Position.Right : Position.Bottom} />
    </div>
  );
}
