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
  },
  forFolder: {
    method: 'GET',
    path: '/api/recommendations/folder/:id',
    pathParams: z.object({ id: ZFolderId }),
    query: ZRecommendationQuery,
    responses: { 200: ZRecommendationsResponse },
    summary: "Papers like a folder's files, best first",
  },
});
