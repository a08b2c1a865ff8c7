import type { TPaper } from '@paperbench/contract';
import type { ReactNode } from 'react';
import { PaperCard } from '../paper-card/paper-card';
import './topics.css';

/**
 * A paper card with a line above it that says why it is shown (the feed's reason, the monitor's
 * "New"), so the card itself (PDF, Details, Add to File List) stays the one used everywhere.
 */
export function AnnotatedPaper({
  paper,
  note,
  isHighlighted = false,
}: {
  paper: TPaper;
  note: ReactNode;
  isHighlighted?: boolean;
}) {
  return (
    <div className={isHighlighted ? 'annotated-paper is-highlighted' : 'annotated-paper'}>
      <p className="annotated-paper-note">{note}</p>
      <PaperCard paper={paper} />
    </div>
  );
}
