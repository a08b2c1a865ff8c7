import { SEARCH_SORTS, type TSearchState } from '@paperbench/contract';

export type TSearchSort = TSearchState['sortBy'];

/** What the /search URL holds (q, sort, category, from, to), so links, back and forward restore it. */
export type TSearchUrlState = {
  query: string;
  sort: TSearchSort;
  /** arXiv categories (cs.CL) or archives (cs); any of them matches. */
  categories: string[];
  /** Inclusive published-date range, YYYY-MM-DD. */
  from: string | null;
  to: string | null;
};

/** The shape the API accepts for a category or an archive (ZCategoryFilter). */
export const CATEGORY_PATTERN = /^[A-Za-z][A-Za-z-]*(\.[A-Za-z][A-Za-z-]*)?$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MAX_CATEGORIES = 20;

const isSort = (value: string | null): value is TSearchSort => SEARCH_SORTS.some((sort) => sort === value);

/**
 * Reads the search state from /search's query string. Values a person may have mangled by hand (an
 * unknown sort, a malformed category or date) are dropped rather than sent to be refused.
 */
export function readSearchUrl(params: URLSearchParams): TSearchUrlState {
  const sort = params.get('sort');
  const date = (name: string) => {
    const value = params.get(name);
    return value && DATE_PATTERN.test(value) ? value : null;
  };
  const categories = (params.get('category') ?? '')
    .split(',')
    .map((category) => category.trim())
    .filter((category) => CATEGORY_PATTERN.test(category));
  return {
    query: (params.get('q') ?? '').trim(),
    sort: isSort(sort) ? sort : 'relevance',
    categories: [...new Set(categories)].slice(0, MAX_CATEGORIES),
    from: date('from'),
    to: date('to'),
  };
}

/**
 * /search?q=… with the other parts only when they differ from the defaults, so the plain search
 * from home stays /search?q=… (requirements §4). Spaces are %20, as searchPath writes them.
 */
export function searchUrl({
  query,
  sort = 'relevance',
  categories = [],
  from = null,
  to = null,
}: Partial<TSearchUrlState> & { query: string }): string {
  const parts: [string, string][] = [['q', query]];
  if (sort !== 'relevance') parts.push(['sort', sort]);
  if (categories.length > 0) parts.push(['category', categories.join(',')]);
  if (from) parts.push(['from', from]);
  if (to) parts.push(['to', to]);
  return `/search?${parts.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}

/** Whether any filter narrows the search (the clear-filters control shows only then). */
export const hasFilters = (state: Pick<TSearchUrlState, 'categories' | 'from' | 'to'>) =>
  state.categories.length > 0 || Boolean(state.from) || Boolean(state.to);

/**
 * What /search keeps in the router's location state instead of the URL: requirements §4 has a search from
 * the search box ask for a summary while the address stays /search?q=…. Back and forward restore it
 * with the history entry.
 */
export type TSearchLocationState = { includeSummary: boolean };

export const searchLocationState = (includeSummary: boolean): TSearchLocationState => ({ includeSummary });

/** includeSummary of a location's state; false for a /search URL reached any other way (a link, the address bar). */
export function readIncludeSummary(locationState: unknown): boolean {
  return (
    typeof locationState === 'object' &&
    locationState !== null &&
    'includeSummary' in locationState &&
    locationState.includeSummary === true
  );
}
