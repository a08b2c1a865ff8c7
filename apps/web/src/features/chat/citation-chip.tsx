import { useId } from 'react';
import { useCitations } from './citation-context';

/** The title and note on anything the deterministic checker could not verify (issue: never shown as verified). */
export const NOT_VERIFIED_TEXT = 'Not verified against the paper';

/**
 * `[n]`: a chip whose hover or focus shows the cited passage and its page; a click opens the PDF at
 * that page with the passage marked. A citation the checker refused is marked as not verified.
 */
export function CitationChip({ n }: { n: number }) {
  const previewId = useId();
  const { passage: passageOf, verdict: verdictOf, opener, reference: referenceOf } = useCitations();
  const passage = passageOf(n);
  const verdict = verdictOf(n);
  const reference = passage ? undefined : referenceOf?.(n);
  const open = passage ? opener(passage) : (reference?.open ?? null);
  const preview = passage ? { heading: `Page ${passage.page}`, text: passage.text } : reference;
  const label = [
    `Citation ${n}`,
    passage ? `page ${passage.page}` : reference?.heading,
    verdict === 'unsupported' && NOT_VERIFIED_TEXT,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <span className="citation">
      <button
        type="button"
        className={`citation-chip is-${verdict}`}
        aria-label={label}
        aria-describedby={preview ? previewId : undefined}
        title={verdict === 'unsupported' ? NOT_VERIFIED_TEXT : undefined}
        disabled={!open}
        onClick={open ?? undefined}
      >
        {n}
      </button>
      {preview && (
        <span id={previewId} role="tooltip" className="citation-preview">
          <span className="citation-preview-page">
            {preview.heading}
            {verdict === 'unsupported' && ` · ${NOT_VERIFIED_TEXT}`}
          </span>
          <span className="citation-preview-text">{preview.text}</span>
        </span>
      )}
    </span>
  );
}
