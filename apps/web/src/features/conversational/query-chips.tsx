import type { TStructuredQuery } from '@paperbench/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Icon } from '../ui/icons';
import {
  CHIP_KIND_NAMES,
  CHIP_KINDS,
  CHIP_PLACEHOLDERS,
  chipDraft,
  chipLabel,
  chipsOf,
  isLastWord,
  type TChip,
  type TChipChange,
  type TChipKind,
  withChip,
  withoutChip,
} from './query-chips-model';
import './query-chips.css';

type TQueryChipsProps = {
  query: TStructuredQuery;
  /** Where the query came from: the model's rewrite or the offline parser. */
  querySource: 'model' | 'parser' | 'user';
  /** Runs the turn again with the edited query; absent while it runs. */
  onChange: ((query: TStructuredQuery) => void) | null;
};

const chipKey = (chip: TChip) => `${chip.kind}:${chip.index}:${chip.value}`;

/**
 * The structured query a request was read as (docs/ai.md#conversational-search), as chips: click one
 * to edit it, × to remove it, + to add a word, phrase, category, year bound or exclusion. Every change
 * searches again.
 */
export function QueryChips({ query, querySource, onChange }: TQueryChipsProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const chips = chipsOf(query);
  const isLocked = onChange === null;

  const cancel = () => {
    setError(null);
    setEditing(null);
    setIsAdding(false);
    return true;
  };

  const apply = (change: TChipChange) => {
    if (!change.ok) {
      setError(change.error);
      return false;
    }
    setError(null);
    setEditing(null);
    setIsAdding(false);
    onChange?.(change.query);
    return true;
  };

  return (
    <div className="query-chips">
      <p className="query-chips-caption">
        {querySource === 'parser' ? 'Searched for (read without a model)' : 'Searched for'}
      </p>
      <ul className="query-chip-list" aria-label="Search query">
        {chips.map((chip) => {
          const key = chipKey(chip);
          const name = `${CHIP_KIND_NAMES[chip.kind]}: ${chipLabel(chip)}`;
          if (editing === key) {
            return (
              <li key={key} className={`query-chip is-${chip.kind} is-editing`}>
                <ChipEditor
                  label={`Edit ${CHIP_KIND_NAMES[chip.kind].toLowerCase()}`}
                  initial={chipDraft(chip)}
                  placeholder={CHIP_PLACEHOLDERS[chip.kind]}
                  errorId={error ? errorId : undefined}
                  onCommit={(typed) =>
                    typed.trim() === chipDraft(chip) ? cancel() : apply(withChip(query, chip.kind, typed, chip.index))
                  }
                  onCancel={cancel}
                />
              </li>
            );
          }
          const isOnlyWord = isLastWord(query, chip);
          return (
            <li key={key} className={`query-chip is-${chip.kind}`}>
              <button
                type="button"
                className="query-chip-label"
                aria-label={`Edit ${name}`}
                title="Edit"
                disabled={isLocked}
                onClick={() => {
                  setError(null);
                  setIsAdding(false);
                  setEditing(key);
                }}
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
                onClick={() => apply(withoutChip(query, chip))}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          );
        })}
        <li className={isAdding ? 'query-chip-add-item is-open' : 'query-chip-add-item'}>
          {isAdding ? (
            <ChipAdder
              errorId={error ? errorId : undefined}
              onAdd={(kind, typed) => apply(withChip(query, kind, typed, Number.MAX_SAFE_INTEGER))}
              onCancel={cancel}
            />
          ) : (
            <button
              type="button"
              className="query-chip-add"
              disabled={isLocked}
              onClick={() => {
                setError(null);
                setEditing(null);
                setIsAdding(true);
              }}
            >
              <Icon name="plus" size={12} />
              Add
            </button>
          )}
        </li>
      </ul>
      {error && (
        <p id={errorId} className="query-chips-error" role="alert">
          {error}
        </p>
      )}
    </div>
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
function ChipEditor({
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
function ChipAdder({
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
