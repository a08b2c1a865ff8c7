import type { TSearchHit, TSearchResponse, TSearchState } from '@paperbench/contract';

export type TSearchSort = TSearchState['sortBy'];

export type TDidYouMean = NonNullable<TSearchResponse['did_you_mean']>;

/** spec §3 Search state, plus what the results screen shows about the request itself. */
export type TSearchScreenState = TSearchState & {
  /** Papers matching the query in all pages (the results hold the first page). */
  total: number;
  /** When nothing matched: a corrected query that finds something, and how much. */
  didYouMean: TDidYouMean | null;
  /** The request (query, sort, filters) the results belong to or are loading for; null after a new search starts. */
  requestKey: string | null;
  isLoading: boolean;
  /** A sentence for the user when the search request failed. */
  error: string | null;
};

export const INITIAL_SEARCH_STATE: TSearchScreenState = {
  query: '',
  results: [],
  hasSearched: false,
  sortBy: 'relevance',
  summary: null,
  includeSummary: false,
  isSummaryLoading: false,
  summaryError: null,
  total: 0,
  didYouMean: null,
  requestKey: null,
  isLoading: false,
  error: null,
};

export type TSearchStore = {
  getState: () => TSearchScreenState;
  update: (patch: Partial<TSearchScreenState>) => void;
  subscribe: (listener: () => void) => () => void;
};

/** A tiny external store, so the state outlives the results screen (returning keeps the results). */
export function createSearchStore(initial: TSearchScreenState = INITIAL_SEARCH_STATE): TSearchStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    update: (patch) => {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** spec §4 Search from home: clears prior search state and sets includeSummary to true. */
export function startNewSearch(store: TSearchStore, query: string): void {
  store.update({ ...INITIAL_SEARCH_STATE, query, includeSummary: true });
}

export function setSearchResults(
  store: TSearchStore,
  requestKey: string,
  { results, total, didYouMean }: { results: TSearchHit[]; total: number; didYouMean: TDidYouMean | null },
): void {
  if (store.getState().requestKey !== requestKey) return; // a newer search has started since
  store.update({ results, total, didYouMean, hasSearched: true, isLoading: false, error: null });
}

export function setSearchError(store: TSearchStore, requestKey: string, error: string): void {
  if (store.getState().requestKey !== requestKey) return;
  store.update({ results: [], total: 0, didYouMean: null, hasSearched: true, isLoading: false, error });
}
