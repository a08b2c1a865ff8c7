import { useId, useState } from 'react';
import { ABSTRACT_PREVIEW_LENGTH, isTruncatable, truncateText } from '../../lib/paper-format';
import { shiftMarks, snippetStart, type TMatchRange } from '../../lib/text-marks';
import { TexText } from '../tex/tex-text';
import { ShowMoreButton } from '../ui/show-more-button';

/**
 * The collapsed abstract: its first 250 characters (requirements §2), or, when search marks lie beyond
 * them, 250 characters around the first match (a snippet), with the marks moved to match.
 */
function preview(text: string, marks: readonly TMatchRange[]): { text: string; marks: TMatchRange[] } {
  const start = snippetStart(text, marks, ABSTRACT_PREVIEW_LENGTH);
  if (start === 0) return { text: truncateText(text), marks: [...marks] };
  return { text: `…${truncateText(text.slice(start))}`, marks: shiftMarks(marks, 1 - start) };
}

/** requirements §2: the abstract, truncated at 250 characters with an expand/collapse toggle. */
export function PaperAbstract({ abstract, marks = [] }: { abstract: string | null; marks?: readonly TMatchRange[] }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const textId = useId();
  const text = abstract?.trim();
  if (!text) return <p className="paper-abstract muted">No abstract available.</p>;
  // Marks count from the untrimmed abstract.
  const trimmedMarks = shiftMarks(marks, -((abstract ?? '').length - (abstract ?? '').trimStart().length));
  const canExpand = isTruncatable(text);
  const shown = isExpanded || !canExpand ? { text, marks: trimmedMarks } : preview(text, trimmedMarks);
  return (
    <div className="paper-abstract">
      <p id={textId}>
        <TexText text={shown.text} marks={shown.marks} />
      </p>
      {canExpand && (
        <ShowMoreButton controls={textId} isExpanded={isExpanded} onToggle={() => setIsExpanded(!isExpanded)} />
      )}
    </div>
  );
}
