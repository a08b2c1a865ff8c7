import { type FormEvent, useRef, useState } from 'react';
import { Icon } from '../ui/icons';
import {
  CHIP_KIND_NAMES,
  CHIP_KINDS,
  CHIP_PLACEHOLDERS,
  chipLabel,
  type TChip,
  type TChipKind,
} from './query-chips-model';

/** A chip at rest: its words (click to edit) and × (remove; the last word of a search stays). */
export function QueryChip({
  chip,
  name,
  isLocked,
  isOnlyWord,
  onEdit,
  onRemove,
}: {
  chip: TChip;
  /** Kind and words, for the buttons' accessible names. */
  name: string;
  isLocked: boolean;
  isOnlyWord: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <li className={`query-chip is-${chip.kind}`}>
      <button
        type="button"
        className="query-chip-label"
        aria-label={`Edit ${name}`}
        title="Edit"
        disabled={isLocked}
        onClick={onEdit}
      >
        {chip.kind !== 'term' && <span className="query-chip-kind">{kindTag(chip.kind)}</span>}
        {chipLabel(chip)}
      </button>
      <button
        type="button"
        className="query-chip-remove"
        aria-label={`Remove ${name}`}
        title={isOnlyWord ? 'A search needs at least one word' : 'Remove'}
        disabled={isLocked || isOnlyWord}
        onClick={onRemove}
      >
        <Icon name="close" size={12} />
      </button>
    </li>
  );
}

/** The small tag before a chip's words, so kinds read apart without colour. */
function kindTag(kind: TChipKind): string {
  switch (kind) {
    case 'phrase':
      return 'phrase';
    case 'category':
      return 'category';
    case 'from':
    case 'to':
      return 'date';
    case 'exclude':
      return 'exclude';
    default:
      return '';
  }
}

/** One chip being edited: Enter or leaving the box applies, Escape puts it back. */
export function ChipEditor({
  label,
  initial,
  placeholder,
  errorId,
  onCommit,
  onCancel,
}: {
  label: string;
  initial: string;
  placeholder: string;
  errorId: string | undefined;
  onCommit: (typed: string) => boolean;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  // The box goes once applied or put back: a blur as it goes must not apply it again.
  const isDone = useRef(false);
  const commit = () => {
    if (!isDone.current) isDone.current = onCommit(draft);
  };
  const cancel = () => {
    isDone.current = true;
    onCancel();
  };
  return (
    <input
      className="query-chip-input"
      aria-label={label}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      placeholder={placeholder}
      value={draft}
      size={Math.max(8, Math.min(draft.length + 2, 40))}
      // biome-ignore lint/a11y/noAutofocus: the box replaces the chip the user just clicked.
      autoFocus
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          cancel();
        }
      }}
      onBlur={() => {
        if (!errorId) commit();
      }}
    />
  );
}

/** The + form: what kind of chip, and its words. */
export function ChipAdder({
  errorId,
  onAdd,
  onCancel,
}: {
  errorId: string | undefined;
  onAdd: (kind: TChipKind, typed: string) => boolean;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<TChipKind>('term');
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdd(kind, draft);
  };
  return (
    <form
      className="query-chip-adder"
      aria-label="Add to the query"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <select
        className="query-chip-select"
        aria-label="Kind"
        value={kind}
        onChange={(event) => setKind(event.target.value as TChipKind)}
      >
        {CHIP_KINDS.map((option) => (
          <option key={option} value={option}>
            {CHIP_KIND_NAMES[option]}
          </option>
        ))}
      </select>
      <input
        className="query-chip-input"
        aria-label={CHIP_KIND_NAMES[kind]}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        placeholder={CHIP_PLACEHOLDERS[kind]}
        value={draft}
        // biome-ignore lint/a11y/noAutofocus: the form opens on the user's click on +.
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="submit" className="button button-small button-primary">
        Add
      </button>
      <button type="button" className="button button-small" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
