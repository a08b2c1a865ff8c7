import { SegmentedOptions } from '../ui/segmented-options';
import type { TSearchSort } from './search-url';

const SORT_OPTIONS: readonly { value: TSearchSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'date', label: 'Date' },
];

/** Sort by relevance (requirements §3 default) or by date, newest first. */
export function SortControl({ value, onChange }: { value: TSearchSort; onChange: (sort: TSearchSort) => void }) {
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Sort results by</legend>
      <SegmentedOptions options={SORT_OPTIONS} value={value} onChange={onChange} />
    </fieldset>
  );
}
