import { c } from './common';
import { ZGrantSearchRequest, ZGrantSearchResponse } from './grant.schemas';

/** Research grants and funding calls (docs/grants.md). */
export const grantsContract = c.router({
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
      'the query (expanded_terms, mode model). folder_id searches for grants like the papers of a folder the caller may read. ' +
      'A plain query is ranked by the concepts it holds (rarer ones weigh more) and by related words learned from the grants ' +
      '(related_terms); when fewer than 3 grants hold every word, grants holding some are shown too (match partial, with a ' +
      'notice). A blank query with kind opportunity lists every open call; stored counts the grants of each kind.',
  },
});
