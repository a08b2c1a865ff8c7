import { useId, useState } from 'react';
import { isTruncatable, truncateText } from '../../lib/paper-format';
import { TexText } from '../tex/tex-text';

/** spec §2: the abstract, truncated at 250 characters with an expand/collapse toggle. */
export function PaperAbstract({ abstract }: { abstract: string | null }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const textId = useId();
  const text = abstract?.trim();
  if (!text) return <p className="paper-abstract muted">No abstract available.</p>;
  const canExpand = isTruncatable(text);
  return (
    <div className="paper-abstract">
      <p id={textId}>
        <TexText text={isExpanded || !canExpand ? text : truncateText(text)} />
      </p>
      {canExpand && (
        <button
          type="button"
          className="link-button"
          aria-expanded={isExpanded}
          aria-controls={textId}
          onClick={() => setIsExpanded(!isExpanded)}
        >
          {isExpanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
