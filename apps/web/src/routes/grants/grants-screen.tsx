import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TScreenProps } from '../../app/screen-props';
import { useCachedGrantSearch, useGrantSearchQuery } from '../../features/grants/api';
import { GrantFilters } from '../../features/grants/grant-filters';
import { GrantSearchBox } from '../../features/grants/grant-search-box';
import {
  activeFilterCount,
  grantSearchParams,
  isSearchable,
  readGrantUrl,
  type TGrantUrlState,
} from '../../features/grants/grant-url';
import { useFoldersQuery } from '../../features/library/api';
import { GrantResults } from './grant-results';
import '../../features/grants/grants.css';

/**
 * /grants: search funded awards and open calls (docs/grants.md#search). The whole search lives in the
 * URL (words, kind, filters, folder, sort), so a result set is linkable and Back undoes each change.
 */
export default function GrantsScreen({ title }: TScreenProps) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readGrantUrl(params), [params]);
  const update = (change: Partial<TGrantUrlState>) => setParams(grantSearchParams({ ...state, ...change }));
  const search = useGrantSearchQuery(state);
  const folders = useFoldersQuery();
  const folder = folders.data?.find((f) => f.id === state.folderId) ?? null;
  const [isFiltersOpen, setIsFiltersOpen] = useState(false);
  const filtersId = useId();
  const filterCount = activeFilterCount(state);

  // The agency list: this search's facet, or, once agencies are chosen, the facet of the same search
  // without them (when it was asked before), so one choice does not hide the other agencies.
  const withoutAgencies = useCachedGrantSearch({ ...state, agencies: [] });
  const answer = isSearchable(state) ? search.data?.pages[0] : undefined;
  const agencyFacet =
    (state.agencies.length > 0 ? withoutAgencies?.pages[0]?.facets.agency : undefined) ?? answer?.facets.agency ?? null;

  return (
    <div className="screen grants-screen">
      <h1>{title}</h1>
      <p className="lead grants-lead">
        Funded awards and open funding calls, searched by topic, agency and investigator.
      </p>
      <GrantSearchBox
        key={state.query}
        initialQuery={state.query}
        allowEmpty={state.folderId !== null || state.kind === 'opportunity'}
        onSearch={(query) => update({ query })}
      />
      <div className="grants-layout">
        <button
          type="button"
          className="button grants-filters-toggle"
          aria-expanded={isFiltersOpen}
          aria-controls={filtersId}
          onClick={() => setIsFiltersOpen(!isFiltersOpen)}
        >
          <FilterIcon />
          Filters{' '}
          {filterCount > 0 && (
            <span className="badge">
              {filterCount} <span className="visually-hidden">applied</span>
            </span>
          )}
        </button>
        <aside id={filtersId} className="grants-sidebar" data-open={isFiltersOpen} aria-label="Grant filters">
          <GrantFilters
            state={state}
            onChange={update}
            agencies={agencyFacet}
            folders={folders.isError ? null : (folders.data ?? null)}
          />
        </aside>
        <section className="grants-results" aria-label="Grants">
          <GrantResults state={state} search={search} folderName={folder?.name ?? null} onChange={update} />
        </section>
      </div>
    </div>
  );
}

function FilterIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
      <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
