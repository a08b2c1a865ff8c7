import { z } from 'zod';
import { c, ZFolderId } from './common';
import { ZRecommendationQuery, ZRecommendationsResponse } from './recommendation.schemas';

export const recommendationsContract = c.router({
  forUser: {
    method: 'GET',
    path: '/api/recommendations/user',
    query: ZRecommendationQuery,
    responses: { 200: ZRecommendationsResponse },
    summary: "Papers like the user's files, best first",
    description:
      'tf-idf "more like these" over the titles and abstracts of every paper in the caller\'s folders; each paper names the kept papers it is close to. No files: an empty list.',
  },
  forFolder: {
    method: 'GET',
    path: '/api/recommendations/folder/:id',
    pathParams: z.object({ id: ZFolderId }),
    query: ZRecommendationQuery,
    responses: { 200: ZRecommendationsResponse },
    summary: "Papers like a folder's files, best first",
    description:
      "As /user, from one of the caller's folders; exclude_existing leaves out that folder's papers. Another user's folder is 404.",
  },
});
