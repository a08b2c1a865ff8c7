import { aiModelResponses, c } from './common';
import {
  ZAnalyzePaperRequest,
  ZAnalyzePaperResponse,
  ZConversationalSearchRequest,
  ZConversationalSearchResponse,
} from './conversational.schemas';
import { ZGrantSearchRequest, ZGrantSearchResponse } from './grant.schemas';
import {
  ZSearchCategoriesResponse,
  ZSearchRequest,
  ZSearchResponse,
  ZSearchSuggestionsQuery,
  ZSearchSuggestionsResponse,
  ZSearchSummaryRequest,
  ZSearchSummaryResponse,
} from './search.schemas';

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
  summary: {
    method: 'POST',
    path: '/api/search-summary/',
    body: ZSearchSummaryRequest,
    responses: { 200: ZSearchSummaryResponse, ...aiModelResponses },
    summary: 'Summarise a set of search results',
    description:
      "A cited synthesis of the top results' abstracts, numbered [n] in result order. Written by the model and checked " +
      'without one (unsupported citations listed), or, with no model configured, verbatim sentences of the abstracts ' +
      "(source 'extractive'). Abstains when no abstract bears on the query.",
  },
  conversationalSearch: {
    method: 'POST',
    path: '/api/improved-conversational/search',
    body: ZConversationalSearchRequest,
    responses: { 200: ZConversationalSearchResponse, ...aiModelResponses },
    summary: 'Search the corpus by conversation',
    description:
      'The last turn is rewritten into a structured query (terms, phrases, categories, date range, exclusions) by the ' +
      'model, or parsed from the text without one ("since 2018", "in cs.CL", "not reviews"); a follow-up refines ' +
      'previous_query. Returns the ranked papers, a short synthesis of their abstracts citing [n] = papers[n-1] (checked ' +
      'by the deterministic citation checker, abstaining when they do not address the request) and up to 4 follow-ups.',
  },
  analyzePaper: {
    method: 'POST',
    path: '/api/improved-conversational/analyze-paper',
    body: ZAnalyzePaperRequest,
    responses: { 200: ZAnalyzePaperResponse, ...aiModelResponses },
    summary: 'Why a paper answers the conversation',
    description:
      "The paper's passages (full text when extracted, else the abstract) ranked against the conversation; the model " +
      'writes a grounded answer, or without one the best sentences are quoted. Every [n] is checked against its passage. ' +
      '404 when the paper does not exist or the caller may not read it.',
  },
  grantSearch: {
    method: 'POST',
    path: '/api/improved-grant-search/search',
    body: ZGrantSearchRequest,
    responses: { 200: ZGrantSearchResponse },
    summary: 'Search research grants and funding calls',
    description:
      'Full-text search (web-search syntax) over grant titles, abstracts and keywords, filtered by kind (award or ' +
      'opportunity), agencies, amount range, start dates, organisation and PI; sorted by relevance, amount or date; with ' +
      'kind and agency facet counts over the filtered set. With a model configured, up to 5 related terms are ORed into ' +
      'the query (expanded_terms, mode model). folder_id searches for grants like the papers of a folder the caller may read.',
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
