import { GRANT_KINDS, GRANT_SORTS, MAX_INT4, type TGrantKind, type TGrantSort } from '@paperbench/contract';

/**
 * What the /grants URL holds, so a search is linkable and Back and Forward restore it: q, kind,
 * agency (repeated), min, max, from, to, org, pi, folder, sort. Only what differs from the default
 * is written.
 */
export type TGrantUrlState = {
  query: string;
  /** Funded awards and open calls are kinds of their own (never mixed): one is always chosen. */
  kind: TGrantKind;
  agencies: string[];
  /** Inclusive amount range, whole units of the grant's currency. */
  amountMin: number | null;
  amountMax: number | null;
  /** Inclusive date range, YYYY-MM-DD. */
  from: string | null;
  to: string | null;
  organisation: string;
  pi: string;
  /** "Grants like this folder": the caller's folder whose papers the search is built from. */
  folderId: number | null;
  sort: TGrantSort;
};

/** Every filter at its cleared value: the default state starts from it and "clear filters" returns to it. */
const NO_FILTERS = {
  agencies: [],
  amountMin: null,
  amountMax: null,
  from: null,
  to: null,
  organisation: '',
  pi: '',
} satisfies Partial<TGrantUrlState>;

export const DEFAULT_GRANT_STATE: TGrantUrlState = {
  query: '',
  kind: 'award',
  ...NO_FILTERS,
  folderId: null,
  sort: 'relevance',
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT_PATTERN = /^\d{1,15}$/;
const FOLDER_PATTERN = /^[1-9]\d{0,9}$/;
/** The longest free text a URL part may bring (longer is cut, rather than refused: ZGrantSearchRequest). */
export const GRANT_TEXT_MAX = 200;
export const GRANT_QUERY_MAX = 500;
const MAX_AGENCIES = 20;

const ordered = <T extends number | string>(low: T | null, high: T | null): [T | null, T | null] =>
  low !== null && high !== null && low > high ? [null, null] : [low, high];

/** Whether YYYY-MM-DD names a real day (the API refuses 2019-02-30). */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Trimmed, without control characters (the API refuses NUL: contract zText), at most `max` long. */
export function cleanText(value: string | null, max = GRANT_TEXT_MAX): string {
  const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;
  return Array.from(value ?? '', (char) => (isControl(char) ? ' ' : char))
    .join('')
    .trim()
    .slice(0, max)
    .trim();
}

/**
 * Reads the grant search from /grants' query string. Values a person may have mangled by hand (an
 * unknown kind or sort, a malformed amount, date or folder) are dropped rather than sent to be refused.
 */
export function readGrantUrl(params: URLSearchParams): TGrantUrlState {
  const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
    allowed.find((option) => option === value) ?? fallback;
  const matching = (name: string, pattern: RegExp) => {
    const value = params.get(name);
    return value && pattern.test(value) ? value : null;
  };
  const date = (name: string) => {
    const value = matching(name, DATE_PATTERN);
    return value && isCalendarDate(value) ? value : null;
  };
  const amount = (name: string) => {
    const value = matching(name, AMOUNT_PATTERN);
    return value === null ? null : Number(value);
  };
  const folder = matching('folder', FOLDER_PATTERN);
  const agencies = params
    .getAll('agency')
    .map((agency) => cleanText(agency))
    .filter(Boolean);
  // A reversed range (which the API refuses) is dropped whole: neither end says what was meant.
  const [amountMin, amountMax] = ordered(amount('min'), amount('max'));
  const [from, to] = ordered(date('from'), date('to'));
  return {
    query: cleanText(params.get('q'), GRANT_QUERY_MAX),
    kind: pick(params.get('kind'), GRANT_KINDS, DEFAULT_GRANT_STATE.kind),
    agencies: [...new Set(agencies)].slice(0, MAX_AGENCIES),
    amountMin,
    amountMax,
    from,
    to,
    organisation: cleanText(params.get('org')),
    pi: cleanText(params.get('pi')),
    folderId: folder === null || Number(folder) > MAX_INT4 ? null : Number(folder),
    sort: pick(params.get('sort'), GRANT_SORTS, DEFAULT_GRANT_STATE.sort),
  };
}

/** The query string of a grant search (no leading '?'): only the parts that differ from the defaults. */
export function grantSearchParams(state: TGrantUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('q', state.query);
  if (state.kind !== DEFAULT_GRANT_STATE.kind) params.set('kind', state.kind);
  for (const agency of state.agencies) params.append('agency', agency);
  if (state.amountMin !== null) params.set('min', String(state.amountMin));
  if (state.amountMax !== null) params.set('max', String(state.amountMax));
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.organisation) params.set('org', state.organisation);
  if (state.pi) params.set('pi', state.pi);
  if (state.folderId !== null) params.set('folder', String(state.folderId));
  if (state.sort !== DEFAULT_GRANT_STATE.sort) params.set('sort', state.sort);
  return params;
}

/** Whether there is anything to search for: words, a folder to find grants like, or the open calls (listed without words). */
export const isSearchable = (state: Pick<TGrantUrlState, 'query' | 'folderId' | 'kind'>) =>
  state.query !== '' || state.folderId !== null || state.kind === 'opportunity';

/** The filters that narrow a search (kind, sort and the folder are not filters: they choose what is searched). */
export function activeFilterCount(state: TGrantUrlState): number {
  return (
    state.agencies.length +
    (state.amountMin !== null || state.amountMax !== null ? 1 : 0) +
    (state.from || state.to ? 1 : 0) +
    (state.organisation ? 1 : 0) +
    (state.pi ? 1 : 0)
  );
}

/** The same search with every filter cleared. */
export const withoutFilters = (state: TGrantUrlState): TGrantUrlState => ({ ...state, ...NO_FILTERS });
