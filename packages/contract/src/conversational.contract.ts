import { aiModelResponses, c } from './common';
import {
  ZAnalyzePaperRequest,
  ZAnalyzePaperResponse,
  ZConversationalSearchRequest,
  ZConversationalSearchResponse,
} from './conversational.schemas';

/** Conversational search: a conversation turned into a search, and why one paper answers it. */
export const conversationalContract = c.router({
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
});
