/** The toggle under a clamped text (an abstract): 'Show more' / 'Show less', tied to the text it controls. */
export function ShowMoreButton({
  controls,
  isExpanded,
  onToggle,
}: {
  /** The id of the text element it expands. */
  controls: string;
  isExpanded: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="link-button"
      aria-expanded={isExpanded}
      aria-controls={controls}
      onClick={onToggle}
    >
      {isExpanded ? 'Show less' : 'Show more'}
    </button>
  );
}
