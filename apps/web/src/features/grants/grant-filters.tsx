import type { TFacetCount, TFolder, TGrantKind } from '@paperbench/contract';
import { useId, useState } from 'react';
import { DateRangeFilter } from '../search/date-range-filter';
import { SegmentedOptions } from '../ui/segmented-options';
import { AmountRange, TextFilter } from './grant-typed-filters';
import { activeFilterCount, type TGrantUrlState, withoutFilters } from './grant-url';

type Props = {
  state: TGrantUrlState;
  onChange: (change: Partial<TGrantUrlState>) => void;
  /** Agencies with their counts for this search (the facet), largest first; null before any answer. */
  agencies: readonly TFacetCount[] | null;
  /** The caller's folders for "Grants like this folder"; null while loading or when they could not be read. */
  folders: readonly TFolder[] | null;
};

/** Agencies listed before 'Show all'. */
const AGENCIES_SHOWN = 8;

/**
 * The filters of /grants: kind (funded awards or open calls, never both), grants like a folder,
 * agencies, amount range, date range, organisation and PI. Each change is a new URL (Back undoes it);
 * typed values apply on Enter or when the field is left.
 */
export function GrantFilters({ state, onChange, agencies, folders }: Props) {
  const count = activeFilterCount(state);
  return (
    <div className="grant-filters">
      <KindControl value={state.kind} onChange={(kind) => onChange({ kind })} />
      <FolderSelect folders={folders} value={state.folderId} onChange={(folderId) => onChange({ folderId })} />
      <AgencyFilter facet={agencies} value={state.agencies} onChange={(next) => onChange({ agencies: next })} />
      <AmountRange
        min={state.amountMin}
        max={state.amountMax}
        onChange={(amountMin, amountMax) => onChange({ amountMin, amountMax })}
      />
      <DateRangeFilter
        legend={state.kind === 'opportunity' ? 'Opens' : 'Starts'}
        className="grant-filter"
        isStacked
        from={state.from}
        to={state.to}
        onChange={({ from, to }) => onChange({ from, to })}
      />
      <TextFilter
        label="Organisation"
        placeholder="e.g. Michigan"
        value={state.organisation}
        onChange={(organisation) => onChange({ organisation })}
      />
      <TextFilter
        label="Principal investigator"
        placeholder="e.g. Smith"
        value={state.pi}
        onChange={(pi) => onChange({ pi })}
      />
      {count > 0 && (
        <button
          type="button"
          className="button button-small grant-filters-clear"
          onClick={() => onChange(withoutFilters(state))}
        >
          Clear {count === 1 ? 'filter' : `${count} filters`}
        </button>
      )}
    </div>
  );
}

const KIND_OPTIONS: readonly { value: TGrantKind; label: string }[] = [
  { value: 'award', label: 'Funded awards' },
  { value: 'opportunity', label: 'Open calls' },
];

/** Funded awards and open calls are kinds of their own: a segmented control, one always chosen. */
function KindControl({ value, onChange }: { value: TGrantKind; onChange: (kind: TGrantKind) => void }) {
  return (
    <fieldset className="filter-field grant-filter">
      <legend className="filter-label">Kind</legend>
      <div className="segmented grant-kind">
        <SegmentedOptions options={KIND_OPTIONS} value={value} onChange={onChange} />
      </div>
    </fieldset>
  );
}

function FolderSelect({
  folders,
  value,
  onChange,
}: {
  folders: readonly TFolder[] | null;
  value: number | null;
  onChange: (folderId: number | null) => void;
}) {
  const id = useId();
  const hintId = useId();
  if (folders === null) return null;
  const hasFolders = folders.length > 0;
  return (
    <div className="filter-field grant-filter">
      <label className="filter-label" htmlFor={id}>
        Grants like this folder
      </label>
      <select
        id={id}
        className="input"
        value={value ?? ''}
        disabled={!hasFolders && value === null}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">No folder</option>
        {value !== null && !folders.some((folder) => folder.id === value) && (
          // A folder shared with the caller (a link), not among their own.
          <option value={value}>A shared folder</option>
        )}
        {folders.map((folder) => (
          <option key={folder.id} value={folder.id}>
            {`${folder.name} (${folder.files.length} ${folder.files.length === 1 ? 'paper' : 'papers'})`}
          </option>
        ))}
      </select>
      <p id={hintId} className="filter-hint">
        {hasFolders
          ? 'Finds grants on what the papers of a folder are about.'
          : 'Add papers to a folder to find grants like them.'}
      </p>
    </div>
  );
}

function AgencyFilter({
  facet,
  value,
  onChange,
}: {
  facet: readonly TFacetCount[] | null;
  value: readonly string[];
  onChange: (agencies: string[]) => void;
}) {
  const [isAll, setIsAll] = useState(false);
  // A chosen agency stays listed (and can be unticked) even when this answer has none of it.
  const listed = facet ?? [];
  const missing = value.filter((agency) => !listed.some((entry) => entry.value === agency));
  const options: { value: string; count: number | null }[] = [
    ...listed.map((entry) => ({ value: entry.value, count: entry.count })),
    ...missing.map((agency) => ({ value: agency, count: null })),
  ];
  if (options.length === 0) return null;
  const shown = isAll
    ? options
    : options.filter((option, index) => index < AGENCIES_SHOWN || value.includes(option.value));
  const toggle = (agency: string, checked: boolean) =>
    onChange(checked ? [...value, agency] : value.filter((chosen) => chosen !== agency));
  return (
    <fieldset className="filter-field grant-filter">
      <legend className="filter-label">Agency</legend>
      <ul className="grant-agency-list">
        {shown.map((option) => (
          <li key={option.value}>
            <label className="grant-check">
              <input
                type="checkbox"
                checked={value.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <span className="grant-check-label">{option.value}</span>{' '}
              {option.count !== null && (
                <span className="grant-check-count">
                  {option.count.toLocaleString()}{' '}
                  <span className="visually-hidden">{option.count === 1 ? 'grant' : 'grants'}</span>
                </span>
              )}
            </label>
          </li>
        ))}
      </ul>
      {shown.length < options.length && (
        <button type="button" className="link-button" onClick={() => setIsAll(true)}>
          Show all {options.length} agencies
        </button>
      )}
    </fieldset>
  );
}
