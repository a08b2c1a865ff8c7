import { c } from './common';
import {
  ZSearchCategoriesResponse,
  ZSearchRequest,
  ZSearchResponse,
  ZSearchSuggestionsQuery,
  ZSearchSuggestionsResponse,
} from './search.schemas';

/** Paper search: the query, the category filter's choices and the search box's completions. */
export const searchContract = c.router({
  search: {
    method: 'POST',
    path: '/api/search/',
    body: ZSearchRequest,
    responses: { 200: ZSearchResponse },
    summary: 'Full-text search over titles, authors and abstracts',
    description:
      'Web-search syntax: "exact phrase" (matched as typed, unstemmed), a OR b, -excluded, author:"Name". Ranked by ' +
      'relevance (docs/search.md#ranking: stemmed rank with title > authors > abstract, words as typed above their ' +
      'stemmed relatives, titles holding the query as a phrase first) or by date; filtered by categories or archives ' +
      '(cs matches cs.CL) and an inclusive published-date range; paged by offset (pages of up to 100, to offset 10,000) ' +
      'with the total (exact; on a corpus past 100,000 papers an estimate for a common query, `total_estimated`). An arXiv id, arXiv URL or DOI jumps to its paper (`jump`; a signed-in caller gets a missing ' +
      'arXiv paper fetched). Each hit carries the offsets of the matched words in its title and abstract; a query ' +
      'without hits gets a did_you_mean correction (typos and swapped letters).',
  },
  categories: {
    method: 'GET',
    path: '/api/search/categories',
    responses: { 200: ZSearchCategoriesResponse },
    summary: 'The archives and categories present in the corpus, for the category filter',
  },
  searchSuggestions: {
    method: 'GET',
    path: '/api/conversational/search_suggestions',
    query: ZSearchSuggestionsQuery,
    responses: { 200: ZSearchSuggestionsResponse },
    summary: 'Completions for a search box as the user types',
    description:
      'Popular queries of other users that start with q, then paper titles that start with q, have a word starting ' +
      'with it, or (for typos) look like it; deduplicated, at most 8. A blank q returns the most popular queries.',
  },
});
