import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { RangeInputs } from '../search/range-inputs';
import { cleanText } from './grant-url';

/*
 * The filters of /grants whose values are typed (organisation, PI, amount range): each applies on Enter or
 * when the focus leaves it, not on every keystroke.
 */

/** A typed value: kept as typed until applied, replaced when the URL changes (Back, Clear filters). */
function useDraft<T>(value: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    setDraft(value);
  }
  return [draft, setDraft];
}

/**
 * A form that applies on Enter in any of its fields (a form of two fields and no button has no implicit
 * submission), and when the focus leaves it for somewhere else.
 */
function ApplyForm({ className, onApply, children }: { className?: string; onApply: () => void; children: ReactNode }) {
  return (
    <form
      className={className}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onApply();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          event.preventDefault();
          onApply();
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onApply();
      }}
    >
      {children}
    </form>
  );
}

export function TextFilter({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [draft, setDraft] = useDraft(value);
  const id = useId();
  const apply = () => {
    const next = cleanText(draft);
    if (next !== value) onChange(next);
  };
  return (
    <ApplyForm className="filter-field grant-filter" onApply={apply}>
      <label className="filter-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input"
        value={draft}
        placeholder={placeholder}
        maxLength={200}
        autoComplete="off"
        enterKeyHint="done"
        onChange={(event) => setDraft(event.target.value)}
      />
    </ApplyForm>
  );
}

const AMOUNT_MAX = 1e15;

/** '' is no bound; a whole non-negative number is one; anything else is not applied. */
function readAmount(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const amount = Number(trimmed);
  return Number.isInteger(amount) && amount >= 0 && amount < AMOUNT_MAX ? amount : 'invalid';
}

export function AmountRange({
  min,
  max,
  onChange,
}: {
  min: number | null;
  max: number | null;
  onChange: (min: number | null, max: number | null) => void;
}) {
  const [draftMin, setDraftMin] = useDraft(min === null ? '' : String(min));
  const [draftMax, setDraftMax] = useDraft(max === null ? '' : String(max));
  const errorId = useId();
  const low = readAmount(draftMin);
  const high = readAmount(draftMax);
  const error =
    low === 'invalid' || high === 'invalid'
      ? 'Enter whole amounts of 0 or more.'
      : low !== null && high !== null && low > high
        ? 'The minimum must not be more than the maximum.'
        : null;
  const apply = () => {
    if (error || low === 'invalid' || high === 'invalid') return;
    if (low !== min || high !== max) onChange(low, high);
  };
  return (
    <ApplyForm className="filter-field grant-filter" onApply={apply}>
      <fieldset className="filter-field">
        <legend className="filter-label">Amount</legend>
        <RangeInputs
          input={{ type: 'number', inputMode: 'numeric', min: 0, step: 1000 }}
          from={{ label: 'Minimum amount', placeholder: 'Min', value: draftMin, onChange: setDraftMin }}
          to={{ label: 'Maximum amount', placeholder: 'Max', value: draftMax, onChange: setDraftMax }}
          errorId={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="filter-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </ApplyForm>
  );
}
