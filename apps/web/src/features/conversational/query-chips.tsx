import type { TStructuredQuery } from '@paperbench/contract';
import { useId, useState } from 'react';
import { Icon } from '../ui/icons';
import { ChipAdder, ChipEditor, QueryChip } from './query-chip-parts';
import {
  CHIP_KIND_NAMES,
  CHIP_PLACEHOLDERS,
  chipDraft,
  chipLabel,
  chipsOf,
  isLastWord,
  type TChip,
  type TChipChange,
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
          return (
            <QueryChip
              key={key}
              chip={chip}
              name={name}
              isLocked={isLocked}
              isOnlyWord={isLastWord(query, chip)}
              onEdit={() => {
                setError(null);
                setIsAdding(false);
                setEditing(key);
              }}
              onRemove={() => apply(withoutChip(query, chip))}
            />
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
