import { useId, useState } from 'react';
import { RangeInputs } from './range-inputs';

type TRange = { from: string | null; to: string | null };
type Props = TRange & {
  onChange: (range: TRange) => void;
  /** The field's name, also the start of each input's name ('Published from'). */
  legend?: string;
  /** Extra classes of the fieldset (the grants sidebar's `grant-filter`). */
  className?: string;
  /** From and To labelled above each other (a narrow sidebar), rather than one row with a dash. */
  isStacked?: boolean;
};

/**
 * A date range, both ends inclusive (search: published; grants: starts or opens), applied as soon as
 * both ends make sense; a range that ends before it starts is explained, not applied.
 */
export function DateRangeFilter({ from, to, onChange, legend = 'Published', className, isStacked }: Props) {
  const [draft, setDraft] = useState<TRange>({ from, to });
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
    <fieldset className={['filter-field', 'date-filter', className].filter(Boolean).join(' ')}>
      <legend className="filter-label">{legend}</legend>
      <RangeInputs
        input={{ type: 'date' }}
        from={{
          label: `${legend} from`,
          value: draft.from ?? '',
          max: draft.to ?? undefined,
          onChange: (value) => change({ ...draft, from: value || null }),
        }}
        to={{
          label: `${legend} to`,
          value: draft.to ?? '',
          min: draft.from ?? undefined,
          onChange: (value) => change({ ...draft, to: value || null }),
        }}
        stackedLabels={isStacked ? ['From', 'To'] : undefined}
        errorId={isReversed ? errorId : undefined}
      />
      {isReversed && (
        <p id={errorId} className="filter-error" role="alert">
          The start date must be on or before the end date.
        </p>
      )}
    </fieldset>
  );
}
