import { CategoryFilter } from './category-filter';
import { DateRangeFilter } from './date-range-filter';
import { hasFilters, type TSearchUrlState } from './search-url';

type TFilters = Pick<TSearchUrlState, 'categories' | 'from' | 'to'>;

/** The filter bar of the results page: categories, published-date range, and a way to clear both. */
export function SearchFilters({ value, onChange }: { value: TFilters; onChange: (filters: TFilters) => void }) {
  return (
    <section className="search-filters" aria-label="Filters">
      <CategoryFilter value={value.categories} onChange={(categories) => onChange({ ...value, categories })} />
      <DateRangeFilter from={value.from} to={value.to} onChange={(range) => onChange({ ...value, ...range })} />
      {hasFilters(value) && (
        <button
          type="button"
          className="link-button search-filters-clear"
          onClick={() => onChange({ categories: [], from: null, to: null })}
        >
          Clear filters
        </button>
      )}
    </section>
  );
}
