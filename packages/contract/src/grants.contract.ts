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
      'the query (expanded_terms, mode model). folder_id searches for grants like the papers of a folder the caller may read.',
  },
});
