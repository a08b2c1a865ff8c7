import { useId, useState } from 'react';

type TRange = { from: string | null; to: string | null };
type Props = TRange & { onChange: (range: TRange) => void };

/** Published-date range, both ends inclusive; a range that ends before it starts is not applied. */
export function DateRangeFilter({ from, to, onChange }: Props) {
  const [draft, setDraft] = useState<TRange>({ from, to });
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const isReversed = Boolean(draft.from && draft.to && draft.from > draft.to);
  // A new URL (back/forward, clear filters) replaces what was typed.
  const [shown, setShown] = useState<TRange>({ from, to });
  if (shown.from !== from || shown.to !== to) {
    setShown({ from, to });
    setDraft({ from, to });
  }

  const change = (next: TRange) => {
    setDraft(next);
    if (!(next.from && next.to && next.from > next.to)) onChange(next);
  };

  return (
    <fieldset className="filter-field date-filter">
      <legend className="filter-label">Published</legend>
      <div className="date-filter-row">
        <label htmlFor={fromId} className="visually-hidden">
          Published from
        </label>
        <input
          id={fromId}
          type="date"
          className="input"
          value={draft.from ?? ''}
          max={draft.to ?? undefined}
          aria-invalid={isReversed || undefined}
          aria-describedby={isReversed ? errorId : undefined}
          onChange={(event) => change({ ...draft, from: event.target.value || null })}
        />
        <span aria-hidden="true" className="date-filter-dash">
          –
        </span>
        <label htmlFor={toId} className="visually-hidden">
          Published to
        </label>
        <input
          id={toId}
          type="date"
          className="input"
          value={draft.to ?? ''}
          min={draft.from ?? undefined}
          aria-invalid={isReversed || undefined}
          onChange={(event) => change({ ...draft, to: event.target.value || null })}
        />
      </div>
      {isReversed && (
        <p id={errorId} className="filter-error" role="alert">
          The start date must be on or before the end date.
        </p>
      )}
    </fieldset>
  );
}
