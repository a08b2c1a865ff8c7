import { z } from 'zod';
import { aiModelResponses, c, DEFAULT_PLATFORM, ZAnswerSource, ZPaperId, ZPlatform, zText } from './common';
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

/** Payloads of the AI search endpoints are not shown by the spec; these are the shapes we serve. */
const ZConversationalSearchRequest = z.object({
  query: zText().trim().min(1).max(2000),
  /** Earlier turns of the conversation, oldest first. */
  history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: zText() }))
    .max(50)
    .default([]),
  limit: z.number().int().min(1).max(100).default(10),
});

const ZConversationalSearchResponse = z.object({
  answer: zText(),
  /** 'model' or 'extractive' (offline mode), so the UI can label it honestly. */
  source: ZAnswerSource,
  papers: ZSearchResponse.shape.results,
  /** Search queries the answer was built from. */
  queries: z.array(zText()),
});

const ZAnalyzePaperRequest = z.object({
  paper_id: ZPaperId,
  platform: ZPlatform.default(DEFAULT_PLATFORM),
  question: zText().trim().max(2000).optional(),
});

const ZAnalyzePaperResponse = z.object({
  analysis: zText(),
  source: ZAnswerSource,
});

export const searchContract = c.router({
  search: {
    method: 'POST',
    path: '/api/search/',
    body: ZSearchRequest,
    responses: { 200: ZSearchResponse },
    summary: 'Full-text search over titles, authors and abstracts',
    description:
      'Web-search syntax: "exact phrase", a OR b, -excluded. Ranked by relevance (title > authors > abstract) or by date; ' +
      'filtered by categories or archives (cs matches cs.CL) and an inclusive published-date range. Each hit carries ' +
      'the offsets of the matched words in its title and abstract; a query without hits gets a did_you_mean correction.',
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
    responses: { 200: ZConversationalSearchResponse },
    summary: 'Answer a research question from the corpus',
  },
  analyzePaper: {
    method: 'POST',
    path: '/api/improved-conversational/analyze-paper',
    body: ZAnalyzePaperRequest,
    responses: { 200: ZAnalyzePaperResponse },
    summary: 'Analyse one paper in the context of a question',
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
