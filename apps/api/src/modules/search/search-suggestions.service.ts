import type { TSearchSuggestion } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { findPopularQueries } from './popular-queries.repo';
import { normaliseQuery } from './query-words';
import { findTitleSuggestions } from './title-suggestions.repo';

/** How many completions one keystroke gets. */
export const SUGGESTION_LIMIT = 8;
/** Popular queries lead the list (they are what people go on to search), but leave room for titles. */
const LEADING_POPULAR = 3;

/**
 * Completions for a search box: a few popular queries starting with the typed text, then titles
 * (prefix, word prefix, contained, look-alike), then more popular queries if titles run short.
 * Case-insensitive duplicates (a popular query that is also a title) appear once.
 */
export async function suggestSearches(db: Db, q: string | undefined): Promise<TSearchSuggestion[]> {
  const typed = normaliseQuery(q ?? '');
  const popular = await findPopularQueries(db, typed, SUGGESTION_LIMIT);
  const titles = typed ? await findTitleSuggestions(db, typed, SUGGESTION_LIMIT) : [];
  const ordered: TSearchSuggestion[] = [
    ...popular.slice(0, LEADING_POPULAR).map((text) => ({ text, kind: 'query' as const })),
    ...titles.map((text) => ({ text, kind: 'title' as const })),
    ...popular.slice(LEADING_POPULAR).map((text) => ({ text, kind: 'query' as const })),
  ];
  const seen = new Set<string>();
  return ordered
    .filter(({ text }) => {
      const key = normaliseQuery(text);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, SUGGESTION_LIMIT);
}
