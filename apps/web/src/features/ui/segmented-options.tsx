/** The options of a one-of-several choice (.segmented): pressed buttons, the current one aria-pressed. */
export function SegmentedOptions<T extends string>({
  options,
  value,
  onChange,
}: {
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return options.map((option) => (
    <button
      key={option.value}
      type="button"
      className="segmented-option"
      aria-pressed={value === option.value}
      onClick={() => value !== option.value && onChange(option.value)}
    >
      {option.label}
    </button>
  ));
}
