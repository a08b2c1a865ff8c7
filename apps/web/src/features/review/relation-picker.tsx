import { useState } from 'react';
import { RELATION_MAX_LENGTH, RELATION_SUGGESTIONS } from './graph-labels';

type TRelationPickerProps = {
  /** What is being labelled, e.g. "SPECTER → Literature graph". */
  subject: string;
  initial?: string;
  submitLabel: string;
  isPending: boolean;
  onPick: (label: string) => void;
  onCancel: () => void;
};

/** Choose a relation: one of the suggestions in one click, or typed words. Esc cancels. */
export function RelationPicker({
  subject,
  initial = '',
  submitLabel,
  isPending,
  onPick,
  onCancel,
}: TRelationPickerProps) {
  const [label, setLabel] = useState(initial);
  return (
    <form
      className="review-relation-picker"
      aria-label={`Relation for ${subject}`}
      onSubmit={(event) => {
        event.preventDefault();
        onPick(label.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p className="review-relation-subject">{subject}</p>
      <div className="review-relation-suggestions">
        {RELATION_SUGGESTIONS.map((suggestion) => (
          <button
            key={suggestion}
            type="button"
            className="button button-small"
            disabled={isPending}
            onClick={() => onPick(suggestion)}
          >
            {suggestion}
          </button>
        ))}
      </div>
      <div className="review-relation-own">
        <input
          aria-label="Other relation"
          placeholder="or type a relation"
          value={label}
          maxLength={RELATION_MAX_LENGTH}
          // biome-ignore lint/a11y/noAutofocus: the picker opens on the user's drag or click and asks for this one answer.
          autoFocus
          onChange={(event) => setLabel(event.target.value)}
        />
        <button type="submit" className="button button-primary button-small" disabled={isPending}>
          {submitLabel}
        </button>
        <button type="button" className="button button-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
