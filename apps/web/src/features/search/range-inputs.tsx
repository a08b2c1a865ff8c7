import { Fragment, type InputHTMLAttributes, useId } from 'react';

/** One end of a range: its accessible name, what is typed, and its own attributes (a date's min or max). */
export type TRangeEnd = {
  /** The input's accessible name ('Published from', 'Minimum amount'). */
  label: string;
  value: string;
  onChange: (value: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'min' | 'max' | 'placeholder'>;

type Props = {
  /** What both inputs share: type, inputMode, step, a lower bound. */
  input: InputHTMLAttributes<HTMLInputElement>;
  from: TRangeEnd;
  to: TRangeEnd;
  /**
   * Short visible labels ('From', 'To') with the inputs one above the other, for a narrow sidebar;
   * without them the two stand in one row with a dash between.
   */
  stackedLabels?: readonly [string, string];
  /** The range is wrong as typed: both inputs are marked invalid and described by the message. */
  errorId?: string;
};

/**
 * The two inputs of a range (search: published dates; grants: start or open dates, amounts). Each keeps
 * its accessible name whether its label is shown or not.
 */
export function RangeInputs({ input, from, to, stackedLabels, errorId }: Props) {
  const fromId = useId();
  const toId = useId();
  const ends = [
    { ...from, id: fromId },
    { ...to, id: toId },
  ];
  return (
    <div className={stackedLabels ? 'range-inputs range-inputs-stacked' : 'range-inputs'}>
      {ends.map(({ id, label, value, onChange, ...attributes }, index) => (
        <Fragment key={id}>
          {index === 1 && !stackedLabels && (
            <span aria-hidden="true" className="range-inputs-dash">
              –
            </span>
          )}
          <label htmlFor={id} className={stackedLabels ? 'range-inputs-label' : 'visually-hidden'}>
            {stackedLabels?.[index] ?? label}
          </label>
          <input
            id={id}
            className="input"
            {...input}
            {...attributes}
            aria-label={stackedLabels ? label : undefined}
            value={value}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onChange(event.target.value)}
          />
        </Fragment>
      ))}
    </div>
  );
}
