import type { TStructuredQuery } from '@paperbench/contract';

/**
 * The structured query of conversational search (docs/ai.md#conversational-search): its limits, its
 * normal form, and its reading as the corpus search's web-search syntax.
 */

export const MAX_TERMS = 20;
export const MAX_PHRASES = 10;
export const MAX_CATEGORIES = 20;
export const MAX_EXCLUSIONS = 20;
const MAX_TERM_CHARS = 100;
/** POST /api/search/ takes at most 500 characters of query. */
const MAX_SEARCH_QUERY_CHARS = 500;

export const EMPTY_QUERY: TStructuredQuery = {
  terms: [],
  phrases: [],
  categories: [],
  date_from: null,
  date_to: null,
  exclude: [],
};

/** arXiv's archives, for telling a category (cs.CL) from an abbreviation (e.g, i.e). */
export const ARXIV_ARCHIVES = new Set([
  'astro-ph',
  'cond-mat',
  'cs',
  'econ',
  'eess',
  'gr-qc',
  'hep-ex',
  'hep-lat',
  'hep-ph',
  'hep-th',
  'math',
  'math-ph',
  'nlin',
  'nucl-ex',
  'nucl-th',
  'physics',
  'q-bio',
  'q-fin',
  'quant-ph',
  'stat',
]);

/**
 * A category as arXiv spells it (archive lower-case, a two-letter subject upper-case: cs.CL,
 * cond-mat.stat-mech), or null when it is not shaped like one (the contract's ZCategoryFilter).
 */
export function canonicalCategory(raw: string): string | null {
  const match = /^([A-Za-z][A-Za-z-]*)(?:\.([A-Za-z][A-Za-z-]*))?$/.exec(raw.trim());
  if (!match || raw.trim().length > 40) return null;
  const archive = (match[1] ?? '').toLowerCase();
  const subject = match[2];
  if (subject === undefined) return archive;
  return `${archive}.${subject.length === 2 ? subject.toUpperCase() : subject.toLowerCase()}`;
}

/** Letters, digits, spaces, hyphens, apostrophes and dots inside a word: nothing web-search syntax reads. */
function cleanTerm(raw: string): string {
  return (
    raw
      .normalize('NFC')
      .replace(/["“”«»()[\]{}<>|\\]/g, ' ')
      .replace(/(^|\s)[-+]+/g, '$1')
      // Inside a term, "or" would be read as web-search syntax's OR.
      .replace(/(\S)\s+or\s+(?=\S)/gi, '$1 ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_TERM_CHARS)
      .trim()
  );
}

const isOperator = (term: string) => /^(or|and|not)$/i.test(term);

function uniqueTerms(raw: readonly string[], limit: number): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const entry of raw) {
    const term = cleanTerm(entry);
    const key = term.toLowerCase();
    if (!term || isOperator(term) || !/[\p{L}\p{N}]/u.test(term) || seen.has(key)) continue;
    seen.add(key);
    kept.push(term);
    if (kept.length === limit) break;
  }
  return kept;
}

const isCalendarDate = (value: string | null | undefined): value is string => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * The query in normal form, whoever wrote it (parser, model or the user's edited chips): terms cleaned
 * of search syntax and deduplicated case-insensitively, an excluded word removed from the terms,
 * categories canonical and known, dates real and in order (a reversed range is swapped), each list
 * within the contract's limits. The result always passes ZStructuredQuery.
 */
export function normaliseQuery(query: Partial<TStructuredQuery>): TStructuredQuery {
  const exclude = uniqueTerms(query.exclude ?? [], MAX_EXCLUSIONS);
  const excluded = new Set(exclude.map((term) => term.toLowerCase()));
  const phrases = uniqueTerms(query.phrases ?? [], MAX_PHRASES).filter((phrase) => !excluded.has(phrase.toLowerCase()));
  const phraseKeys = new Set(phrases.map((phrase) => phrase.toLowerCase()));
  const terms = uniqueTerms(query.terms ?? [], MAX_TERMS).filter(
    (term) => !excluded.has(term.toLowerCase()) && !phraseKeys.has(term.toLowerCase()),
  );
  const categories = [
    ...new Set((query.categories ?? []).flatMap((category) => canonicalCategory(category) ?? [])),
  ].slice(0, MAX_CATEGORIES);
  let from = isCalendarDate(query.date_from) ? query.date_from : null;
  let to = isCalendarDate(query.date_to) ? query.date_to : null;
  if (from && to && from > to) [from, to] = [to, from];
  return { terms, phrases, categories, date_from: from, date_to: to, exclude };
}

/** True when the query has something to search for (the corpus search needs words). */
export const hasSearchWords = (query: TStructuredQuery) => query.terms.length > 0 || query.phrases.length > 0;

const quoted = (text: string) => `"${text.replace(/"/g, ' ').trim()}"`;
const excluded = (term: string) => (/\s/.test(term) ? `-${quoted(term)}` : `-${term}`);

/** Cuts a web-search query to POST /api/search/'s length at a space, never inside a word or quote. */
function fitted(parts: readonly string[]): string {
  let query = '';
  for (const part of parts) {
    const next = query ? `${query} ${part}` : part;
    if (next.length > MAX_SEARCH_QUERY_CHARS) break;
    query = next;
  }
  return query;
}

/**
 * The strict reading, as POST /api/search/ parses web-search syntax: every phrase and every term
 * (websearch_to_tsquery ANDs them), no excluded word.
 */
export function strictSearchQuery(query: TStructuredQuery): string {
  return fitted([...query.phrases.map(quoted), ...query.terms, ...query.exclude.map(excluded)]);
}

/** Up to this many terms, the first relaxation asks for any two of them (at most 15 pairs). */
const MAX_PAIRED_TERMS = 6;

/** `"p" a b -x OR "p" c -x`: in web-search syntax AND binds tighter than OR and there are no parentheses. */
function anyOf(query: TStructuredQuery, groups: readonly string[][]): string {
  const phrases = query.phrases.map(quoted);
  const exclusions = query.exclude.map(excluded);
  const branches = groups.map((group) => [...phrases, ...group, ...exclusions].join(' '));
  return fitted(branches.flatMap((branch, index) => (index === 0 ? [branch] : ['OR', branch]))).replace(/\s+OR$/, '');
}

/**
 * The relaxed readings, in order, for when the strict one finds nothing: every phrase and ANY TWO terms
 * (for 3-6 terms), then every phrase and ANY term. The phrases and exclusions are repeated in each OR
 * branch (`"p" a -x OR "p" b -x`). Readings equal to the strict query or to each other are left out.
 */
export function relaxedSearchQueries(query: TStructuredQuery): string[] {
  const { terms } = query;
  if (terms.length < 2) return [];
  const pairs: string[][] = [];
  if (terms.length > 2 && terms.length <= MAX_PAIRED_TERMS) {
    terms.forEach((a, i) => {
      for (const b of terms.slice(i + 1)) pairs.push([a, b]);
    });
  }
  const readings = [
    pairs.length > 0 ? anyOf(query, pairs) : null,
    anyOf(
      query,
      terms.map((term) => [term]),
    ),
  ];
  const strict = strictSearchQuery(query);
  return [...new Set(readings.filter((reading): reading is string => reading !== null && reading !== strict))];
}

/** The words the query searches for, as one line: what the synthesis is focused on and ranked against. */
export const focusOf = (query: TStructuredQuery) => [...query.phrases, ...query.terms].join(' ');
