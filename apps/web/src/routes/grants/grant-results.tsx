import { GRANT_EXAMPLE_QUERIES, type TGrant, type TGrantSort } from '@paperbench/contract';
import { useId } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import type { useGrantSearchQuery } from '../../features/grants/api';
import { GrantCard } from '../../features/grants/grant-card';
import { describeGrantCount, KIND_LABELS } from '../../features/grants/grant-format';
import { NoOpenCalls, PartialMatchNotice } from '../../features/grants/grant-notices';
import { activeFilterCount, isSearchable, type TGrantUrlState, withoutFilters } from '../../features/grants/grant-url';
import { SegmentedOptions } from '../../features/ui/segmented-options';

type Props = {
  state: TGrantUrlState;
  search: ReturnType<typeof useGrantSearchQuery>;
  /** The name of the folder grants are searched like, once the folders have loaded. */
  folderName: string | null;
  onChange: (change: Partial<TGrantUrlState>) => void;
};

/** The results column: what is searched, the count and sort, then the cards with their states. */
export function GrantResults({ state, search, folderName, onChange }: Props) {
  const expandedLabelId = useId();
  if (!isSearchable(state)) {
    return (
      <div className="empty-state grants-intro">
        <h2>Find funding for your research</h2>
        <p>
          Type a topic above, or pick one of your folders under <strong>Grants like this folder</strong> to search with
          what its papers are about.
        </p>
        <p className="grants-examples">
          <span>Try:</span>
          {GRANT_EXAMPLE_QUERIES.map((example) => (
            <button
              key={example}
              type="button"
              className="grant-example-chip"
              onClick={() => onChange({ query: example })}
            >
              {example}
            </button>
          ))}
        </p>
      </div>
    );
  }

  const answer = search.data?.pages[0];
  const grants = search.data?.pages.flatMap((page) => page.results) ?? [];
  // While a changed search loads, the previous answer stays shown, dimmed (keepPreviousData).
  const isRefreshing = search.isPlaceholderData && search.isFetching;
  // A failed "Load more" keeps the grants shown (and says so under them); any other failure replaces them.
  const isFailed = search.isError && !search.isFetchNextPageError;

  return (
    <>
      {state.folderId !== null && (
        <p className="notice grants-folder-notice">
          <span>
            Grants like the papers in <strong>{folderName ? `“${folderName}”` : 'your folder'}</strong>
            {state.query && <> and “{state.query}”</>}
          </span>
          <button type="button" className="link-button" onClick={() => onChange({ folderId: null })}>
            Clear folder
          </button>
        </p>
      )}
      <div className="grants-toolbar">
        <p className="grants-total" aria-live="polite">
          {search.isPending || isRefreshing
            ? 'Searching…'
            : answer && !isFailed
              ? describeGrantCount(answer.total)
              : ''}
        </p>
        <SortControl value={state.sort} onChange={(sort) => onChange({ sort })} />
      </div>
      {answer && answer.mode === 'model' && answer.expanded_terms.length > 0 && !isFailed && !isRefreshing && (
        <div className="grants-expanded">
          <span className="grants-expanded-label" id={expandedLabelId}>
            Also searched:
          </span>
          <ul className="grants-expanded-terms" aria-labelledby={expandedLabelId}>
            {answer.expanded_terms.map((term) => (
              <li key={term} className="tag grants-expanded-term">
                {term}
              </li>
            ))}
          </ul>
          <span className="grants-expanded-note">suggested by the AI model</span>
        </div>
      )}
      {answer?.notice && !isFailed && !isRefreshing && <PartialMatchNotice notice={answer.notice} />}
      <ResultList state={state} search={search} grants={grants} isRefreshing={isRefreshing} onChange={onChange} />
    </>
  );
}

function ResultList({
  state,
  search,
  grants,
  isRefreshing,
  onChange,
}: Omit<Props, 'folderName'> & { grants: TGrant[]; isRefreshing: boolean }) {
  if (search.isPending) return <GrantListSkeleton />;
  if (search.isError && !search.isFetchNextPageError) {
    return (
      <div className="error-state" role="alert">
        <h2>The grant search failed</h2>
        <p>{parseApiError(search.error).message}</p>
        <button type="button" className="button" onClick={() => void search.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const total = search.data?.pages[0]?.total ?? 0;
  // No open call was ever fetched (the shipped sample has none): say so and how to fetch them.
  if (grants.length === 0 && state.kind === 'opportunity' && search.data?.pages[0]?.stored.opportunity === 0) {
    return <NoOpenCalls />;
  }
  if (grants.length === 0) return <NoGrants state={state} onChange={onChange} />;
  return (
    <>
      <div className="grant-list" aria-busy={isRefreshing || undefined}>
        {grants.map((grant) => (
          <GrantCard key={grant.id} grant={grant} />
        ))}
      </div>
      <div className="list-more">
        <p className="list-footnote">
          Showing {grants.length.toLocaleString()} of {describeGrantCount(total)}
        </p>
        {search.hasNextPage && (
          <button
            type="button"
            className="button"
            disabled={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            {search.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
        {search.isFetchNextPageError && (
          <p className="filter-error" role="alert">
            More grants could not be loaded: {parseApiError(search.error).message}
          </p>
        )}
      </div>
    </>
  );
}

function NoGrants({ state, onChange }: { state: TGrantUrlState; onChange: Props['onChange'] }) {
  const other = state.kind === 'award' ? 'opportunity' : 'award';
  const hasFilters = activeFilterCount(state) > 0;
  return (
    <div className="empty-state">
      <h2>
        {state.query
          ? `No ${KIND_LABELS[state.kind].toLowerCase()}s match “${state.query}”`
          : `No ${KIND_LABELS[state.kind].toLowerCase()}s found`}
      </h2>
      <p>
        {hasFilters
          ? 'Try removing a filter, using fewer words, or searching the other kind of grant.'
          : 'Try fewer or different words, or search the other kind of grant.'}
      </p>
      <div className="grants-empty-actions">
        {hasFilters && (
          <button type="button" className="button" onClick={() => onChange(withoutFilters(state))}>
            Clear filters
          </button>
        )}
        <button type="button" className="button" onClick={() => onChange({ kind: other })}>
          Search {KIND_LABELS[other].toLowerCase()}s
        </button>
      </div>
    </div>
  );
}

function GrantListSkeleton() {
  return (
    <div className="grant-list" role="status" aria-label="Loading grants">
      {[0, 1, 2].map((index) => (
        <div key={index} className="grant-card surface-card skeleton-card" aria-hidden="true">
          <div className="skeleton skeleton-short" />
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line skeleton-short" />
        </div>
      ))}
    </div>
  );
}

const SORT_OPTIONS: readonly { value: TGrantSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'amount', label: 'Amount' },
  { value: 'date', label: 'Date' },
];

/** Relevance (the default), amount (largest first) or date (newest first). */
function SortControl({ value, onChange }: { value: TGrantSort; onChange: (sort: TGrantSort) => void }) {
  return (
    <fieldset className="segmented grants-sort">
      <legend className="visually-hidden">Sort grants by</legend>
      <SegmentedOptions options={SORT_OPTIONS} value={value} onChange={onChange} />
    </fieldset>
  );
}
