import { c } from './common';
import { ZReadingPosition, ZReadingPositionQuery, ZSaveReadingPositionRequest } from './reading.schemas';

/** docs/reading.md#resume-reading: the page and place where the caller left a paper. */
export const readingContract = c.router({
  getPosition: {
    method: 'GET',
    path: '/api/reading-position',
    query: ZReadingPositionQuery,
    responses: { 200: ZReadingPosition.nullable() },
    summary: 'Where the caller left a paper: page and offset within it (null when never opened)',
    description:
      'Needs X-User-ID. null (200) when the caller has no position on this paper yet; 404 for a paper the ' +
      'caller cannot read.',
  },
  savePosition: {
    method: 'PUT',
    path: '/api/reading-position',
    body: ZSaveReadingPositionRequest,
    responses: { 200: ZReadingPosition },
    summary: 'Remember where the caller is in a paper (one position per user and paper, replaced)',
    description:
      'Needs a user who can read the paper (404 otherwise). page ≥ 1, offset a fraction 0–1 of that page. ' +
      'Rate budget `reading`; a user keeps their 1,000 most recent positions (older ones are dropped).',
  },
});
