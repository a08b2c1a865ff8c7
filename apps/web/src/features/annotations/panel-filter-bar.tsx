import type { TAnnotation } from '@paperbench/contract';
import { useId } from 'react';
import { authorFilter, colorLabel, colorsOf, otherAuthorsOf, type TMarkFilters } from './panel-filters';

/**
 * The panel's filters (docs/annotations.md#the-annotations-panel): a colour among those in use, an author
 * ("Everyone", "Me", or someone by name) and a search over notes and quotes.
 */
export function PanelFilterBar({ marks, filters, onChange }: TPanelFilterBarProps) {
  const id = useId();
  const set = (patch: Partial<TMarkFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="annotations-panel-filters">
      <input
        type="search"
        className="annotations-panel-search"
        aria-label="Search notes"
        placeholder="Search notes"
        value={filters.search}
        onChange={(event) => set({ search: event.target.value })}
      />
      <label htmlFor={`${id}-color`} className="visually-hidden">
        Colour
      </label>
      <select
        id={`${id}-color`}
        className="annotations-panel-select"
        value={filters.color}
        onChange={(event) => set({ color: event.target.value })}
      >
        <option value="">All colours</option>
        {colorsOf(marks).map((color) => (
          <option key={color} value={color}>
            {colorLabel(color)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-author`} className="visually-hidden">
        Author
      </label>
      <select
        id={`${id}-author`}
        className="annotations-panel-select"
        value={filters.author}
        onChange={(event) => set({ author: event.target.value })}
      >
        <option value="everyone">Everyone</option>
        <option value="me">Me</option>
        {otherAuthorsOf(marks).map((name) => (
          <option key={name} value={authorFilter(name)}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
type TPanelFilterBarProps = {
  marks: readonly TAnnotation[];
  filters: TMarkFilters;
  onChange: (filters: TMarkFilters) => void;
};
