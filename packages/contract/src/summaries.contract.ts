import { aiModelResponses, c } from './common';
import { ZSearchSummaryRequest, ZSearchSummaryResponse } from './search.schemas';

/** Summaries of search results (a folder's summary is a folders route: it reads the folder). */
export const summariesContract = c.router({
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
});
